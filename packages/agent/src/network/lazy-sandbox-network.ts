import type { SandboxNetworkClient } from './sandbox-network-client.ts';

/** Every public method of the sandbox client (sandbox-network-client.test.ts checks none is missing). */
export const sandboxNetworkMethods = [
  'getMyProfile',
  'getProfile',
  'searchPeople',
  'signIn',
  'getRelationship',
  'getProfileDetails',
  'visitProfile',
  'sendInvitation',
  'listSentInvitations',
  'withdrawInvitation',
  'listConnectionsSince',
  'sendMessage',
  'listConversationsSince',
  'setRead',
  'setStarred',
  'setArchived',
  'setFocus',
  'deleteConversation',
  'editMessage',
  'deleteMessage',
  'react',
  'fetchAttachment',
  'follow',
  'listRecentPosts',
  'reactToPost',
  'listSkills',
  'endorseSkill',
] as const satisfies readonly (keyof SandboxNetworkClient)[];

export type SandboxNetwork = Pick<SandboxNetworkClient, (typeof sandboxNetworkMethods)[number]>;

/**
 * The sandbox client, loaded on its first call: the in-page agent's module stays small for the
 * sign-in screen, which needs none of the sandbox's schemas (decisions.md, issue 26,
 * h-first-screen-3). Every method answers what the client's does once it is loaded.
 */
export function lazySandboxNetwork(load: () => Promise<SandboxNetwork>): SandboxNetwork {
  let client: Promise<SandboxNetwork> | undefined;
  const loaded = () => {
    if (!client) {
      client = load();
      // A failed download is tried again on the next call.
      client.catch(() => {
        client = undefined;
      });
    }
    return client;
  };
  const forward =
    (method: (typeof sandboxNetworkMethods)[number]) =>
    async (...args: unknown[]) =>
      ((await loaded())[method] as (...values: unknown[]) => Promise<unknown>)(...args);
  return Object.fromEntries(
    sandboxNetworkMethods.map((method) => [method, forward(method)]),
  ) as SandboxNetwork;
}
