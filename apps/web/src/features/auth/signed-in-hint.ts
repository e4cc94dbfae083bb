/*
 * Whether the access gate opened on this browser's last visit (auth-gate.tsx sets it, a signed-out
 * start clears it). Only a hint: when it is set, main.tsx downloads the signed-in app and the screen
 * beside the gate's questions instead of after their answers (bench B17, mobile). The gate still
 * decides what shows; a stale hint costs one download, never access. Storage that throws (blocked
 * by the browser) reads as no hint.
 */
const storageKey = 'outpilot.signedInHint';

export function readSignedInHint(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(storageKey) === 'true';
  } catch {
    return false;
  }
}

export function writeSignedInHint(storage: Pick<Storage, 'setItem' | 'removeItem'>, signedIn: boolean): void {
  try {
    if (signedIn) storage.setItem(storageKey, 'true');
    else storage.removeItem(storageKey);
  } catch {
    // Without storage the next visit waits for the gate, as it would without the hint.
  }
}
