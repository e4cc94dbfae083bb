import { type BridgeHost, createBridgeHost } from './bridge-host.ts';
import { type ComposeAgentOptions, composeHostOptions } from './compose-host-options.ts';

export type { ComposeAgentOptions } from './compose-host-options.ts';

/**
 * The one composition of the agent, shared by its two hosts (the in-page agent and the extension's
 * service worker): the bridge host with its product API, token store, import runner and, given a
 * network to act on, the campaign activity runner.
 */
export function composeAgent(options: ComposeAgentOptions): BridgeHost {
  return createBridgeHost(composeHostOptions(options));
}
