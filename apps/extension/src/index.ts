import { bridgeChannel } from '@outpilot/contracts';

/**
 * What the Chrome (MV3) extension will be, as data, until it is built in its own issue: a thin
 * shell whose background runs @outpilot/agent (the same bridge host as the in-page agent) and
 * whose content script relays the bridge postMessage protocol between the app and the background.
 */
export const extensionManifestPlan = {
  manifest_version: 3,
  name: 'Outpilot',
  background: { service_worker: 'background.js', type: 'module', runs: '@outpilot/agent createBridgeHost' },
  externally_connectable: { matches: ['http://localhost/*', 'http://127.0.0.1/*'] },
  content_scripts: [
    {
      matches: ['http://localhost/*', 'http://127.0.0.1/*'],
      js: ['content-script.js'],
      run_at: 'document_start',
      relays: { channel: bridgeChannel, from: 'window.postMessage', to: 'chrome.runtime.sendMessage' },
    },
  ],
  // Least privilege: storage for tokens, alarms for the network-session watcher and the runner.
  permissions: ['storage', 'alarms'],
  host_permissions: ['https://www.linkedin.com/*'],
} as const;

export type ExtensionManifestPlan = typeof extensionManifestPlan;
