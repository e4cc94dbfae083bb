import { extensionMarkAttribute } from '@outpilot/contracts';

/**
 * A window for bridge tests: postMessage delivers a 'message' event asynchronously with this window as
 * source and its origin, as a browser does. (Under vitest's happy-dom globals, event.source is the
 * inner happy-dom window, not the `window` global, so the same-window check cannot be exercised there.)
 */
export function createFakeWindow(options: { origin?: string; markedByExtension?: boolean } = {}): Window {
  const { origin = 'http://localhost:3000', markedByExtension = false } = options;
  const target = new EventTarget();
  // The <html> element, with the extension's mark when its content script is in the page.
  const documentElement = document.createElement('html');
  if (markedByExtension) documentElement.setAttribute(extensionMarkAttribute, '');
  const fake = {
    location: { origin },
    document: { documentElement },
    crypto: globalThis.crypto,
    setTimeout: globalThis.setTimeout.bind(globalThis),
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    postMessage(message: unknown, targetOrigin: string) {
      if (targetOrigin !== '*' && targetOrigin !== origin) throw new Error('Target origin mismatch');
      const data = structuredClone(message);
      globalThis.setTimeout(() => {
        target.dispatchEvent(
          new MessageEvent('message', { data, origin, source: fake as unknown as Window }),
        );
      }, 0);
    },
  };
  return fake as unknown as Window;
}
