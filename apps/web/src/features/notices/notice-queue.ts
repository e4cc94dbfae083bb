import type { Notice } from './map-error-to-notices.ts';

type Show = (notice: Notice) => void;

let show: Show | undefined;
const waiting: Notice[] = [];
const wantedListeners = new Set<() => void>();

/**
 * Where notices go before the snackbar host is there. The host (notice-host.tsx, with notistack)
 * is not part of the first screen: it loads once the page is idle, or as soon as a notice asks
 * for it, and shows what waited meanwhile in order.
 */
export function showNotice(notice: Notice): void {
  if (show) {
    show(notice);
    return;
  }
  waiting.push(notice);
  for (const listener of wantedListeners) listener();
}

/** The host, once mounted, takes the notices that waited and every later one. */
export function attachNoticeHost(host: Show): () => void {
  show = host;
  for (const notice of waiting.splice(0)) host(notice);
  return () => {
    if (show === host) show = undefined;
  };
}

/** Called when a notice waits for a host that is not loaded yet. */
export function onNoticeWaiting(listener: () => void): () => void {
  wantedListeners.add(listener);
  if (waiting.length > 0) listener();
  return () => wantedListeners.delete(listener);
}
