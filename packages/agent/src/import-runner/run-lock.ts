/** Gives the lock back. */
export type ReleaseLock = () => void;

/**
 * Makes one agent at a time drive the stored import run. Two tabs of the app each run an in-page
 * agent over one localStorage: without the lock both would resume the same run after a reload.
 */
export type RunLock = {
  /** Waits until the lock is free (its holder released it, or its tab went away), then holds it. */
  acquire(): Promise<ReleaseLock>;
  /** Holds the lock if it is free now; null while another agent holds it. */
  tryAcquire(): Promise<ReleaseLock | null>;
};

/** A lock for agents of one JavaScript realm: the extension's background, tests, a lone host. */
export function createMemoryRunLock(): RunLock {
  let held = false;
  const waiting: (() => void)[] = [];
  const release = (): ReleaseLock => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else held = false;
    };
  };
  return {
    acquire: () =>
      new Promise((resolve) => {
        if (!held) {
          held = true;
          resolve(release());
        } else waiting.push(() => resolve(release()));
      }),
    tryAcquire: async () => {
      if (held) return null;
      held = true;
      return release();
    },
  };
}

/** The part of the Web Locks API (navigator.locks) the run lock needs. */
export type WebLockManager = {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => Promise<void> | undefined,
  ): Promise<unknown>;
};

/**
 * The Web Locks API (pages and service workers of one origin): the browser releases a lock when the
 * tab holding it closes or reloads, so a run whose tab is gone can be taken over at once.
 */
export function createWebRunLock(locks: WebLockManager, name = 'outpilot.import-run'): RunLock {
  const request = (ifAvailable: boolean) =>
    new Promise<ReleaseLock | null>((resolve, reject) => {
      locks
        .request(name, { ifAvailable }, (lock) => {
          if (lock === null) {
            resolve(null);
            return undefined;
          }
          // The lock is held until the promise the callback answers settles.
          return new Promise<void>((release) => resolve(() => release()));
        })
        .catch(reject);
    });
  return {
    acquire: async () => {
      const release = await request(false);
      if (!release) throw new Error('The import run lock was not granted');
      return release;
    },
    tryAcquire: () => request(true),
  };
}
