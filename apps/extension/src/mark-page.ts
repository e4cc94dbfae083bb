import { extensionMarkAttribute } from '@outpilot/contracts';

/**
 * Marks the app's page as served by the extension (contracts' extensionMarkAttribute). Called at
 * document_start: the web app reads the mark when its first script runs, to wait for the
 * extension's answer or to start its in-page agent at once (web bridge/create-bridge.ts).
 */
export function markPage(document: Document): void {
  const mark = (root: Element) => root.setAttribute(extensionMarkAttribute, '');
  if (document.documentElement) {
    mark(document.documentElement);
    return;
  }
  // Before the parser has made <html>: marked as soon as it exists, still before any page script.
  const observer = new MutationObserver(() => {
    if (!document.documentElement) return;
    observer.disconnect();
    mark(document.documentElement);
  });
  observer.observe(document, { childList: true });
}
