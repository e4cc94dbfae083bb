/**
 * The bridge host's heavy half: the import runner, the campaign activity runner and the sandbox
 * sign-in after the code exchange. The in-page agent loads it with a dynamic import when a command
 * first needs it (or a stored run has to be picked up), so the sign-in screen's answers
 * (system.getVersion, api.getMyProfile, auth.getSignInUrl) do not wait for its download
 * (decisions.md, issue 26, h-first-screen-3). The extension's service worker imports it statically.
 */
export { createImportRunner } from '../import-runner/import-runner.ts';
export { endImportRun, exportTarget } from './export-target.ts';
export { ensureNetworkSession } from './network-sign-in.ts';
export { runnerClients } from './runner-clients.ts';
export { runnerTarget } from './runner-target.ts';
