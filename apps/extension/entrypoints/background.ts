import { createChromeStorageStore, startBackground } from '../src/background-agent.ts';
import type { BuildConfig } from '../src/build-config.ts';

declare const __OUTPILOT_BUILD__: BuildConfig;

export default defineBackground({
  type: 'module',
  main() {
    const build = __OUTPILOT_BUILD__;
    const background = startBackground({
      build,
      version: browser.runtime.getManifest().version,
      fetch: (input, init) => fetch(input, init),
      storeFor: (origin) => createChromeStorageStore(browser.storage.local, origin),
      readNetworkCookie: async (name) =>
        (await browser.cookies.get({ url: build.networkUrl, name }))?.value ?? null,
    });
    browser.runtime.onConnect.addListener((port) => background.onConnect(port));
  },
});
