import { unloggedErrorNames } from '@outpilot/contracts';
import { isApiError } from '../../api/api-error.ts';
import type { Bridge } from '../../bridge/bridge.ts';

/** Seed 000 §8: HTTP errors and the catalogue's unlogged names are not reported. */
export function shouldReportError(error: unknown): boolean {
  if (isApiError(error)) return false;
  const name = error instanceof Error ? error.name : undefined;
  return !(name && unloggedErrorNames.has(name));
}

/** Reports a client error through the bridge's logging.report; a failing report is dropped. */
export function reportError(bridge: Bridge, error: unknown, eventId = 'client-error'): void {
  if (!shouldReportError(error)) return;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? [error.stack.slice(0, 3000)] : [];
  bridge
    .send('logging', 'report', {
      severity: 'error',
      event_id: eventId,
      message: message.slice(0, 4000),
      args: stack,
    })
    .catch(() => undefined);
}

/** Reports window errors and unhandled rejections; returns the function that stops it. */
export function installGlobalErrorReporting(win: Window, bridge: Bridge): () => void {
  const onError = (event: ErrorEvent) => reportError(bridge, event.error ?? event.message, 'window-error');
  const onRejection = (event: PromiseRejectionEvent) =>
    reportError(bridge, event.reason, 'unhandled-rejection');
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
