import type { AgentNetworkClient } from '../network/network-client.ts';
import type { TargetHandlers } from './target-handlers.ts';

/** The network target: the member the browser is signed in as, and a profile by its identifier. */
export function networkTarget(network: AgentNetworkClient): TargetHandlers<'network'> {
  return {
    getMyProfile: () => network.getMyProfile(),
    getProfile: ({ publicIdentifier }) => network.getProfile(publicIdentifier),
  };
}
