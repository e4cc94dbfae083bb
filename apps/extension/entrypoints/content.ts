import { markPage } from '../src/mark-page.ts';
import { bridgePortName } from '../src/port.ts';
import { startRelay } from '../src/relay.ts';

declare const __OUTPILOT_BUILD__: { appOrigins: string[] };

export default defineContentScript({
  // Only the app's own pages (the build's origins, any port); never linkedin.com.
  matches: __OUTPILOT_BUILD__.appOrigins.map(
    (origin) => `${new URL(origin).protocol}//${new URL(origin).hostname}/*`,
  ),
  runAt: 'document_start',
  main() {
    markPage(document);
    startRelay({ window, connect: () => browser.runtime.connect({ name: bridgePortName }) });
  },
});
