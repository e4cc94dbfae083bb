import { countSearch } from '../import-runner/count-search.ts';
import type { ImportRunner } from '../import-runner/import-runner.ts';
import { readProfileUrls } from '../import-runner/read-profile-urls.ts';
import type { AgentNetworkClient } from '../network/network-client.ts';
import type { TargetHandlers } from './target-handlers.ts';
import type { TokenSession } from './token-session.ts';

/** The export target (seed 000 §7): counting a search, and the import run's start, stop and state. */
export function exportTarget(options: {
  network: AgentNetworkClient;
  importRunner: ImportRunner;
  session: TokenSession;
}): TargetHandlers<'export'> {
  const { network, importRunner, session } = options;
  return {
    count: (input) => countSearch(network, input),
    countProfileUrls: async ({ text }) => readProfileUrls(text),
    start: async (request) => {
      // Signed out, the run could open no list: say so now rather than as a failed run.
      await session.validTokens();
      return importRunner.start(request);
    },
    stop: () => importRunner.stop(),
    clear: async () => {
      await importRunner.clear();
      return {};
    },
    // The storage may hold a run another tab drives, or one that ended before this agent started.
    state: async () => {
      await importRunner.sync();
      return importRunner.state();
    },
    href: async () => {
      await importRunner.sync();
      return importRunner.href();
    },
  };
}

/** Signing out ends this browser's run while its token still works, so its list does not stay running. */
export async function endImportRun(importRunner: ImportRunner): Promise<void> {
  await importRunner.stop().catch(() => undefined);
  await importRunner.clear().catch(() => undefined);
}
