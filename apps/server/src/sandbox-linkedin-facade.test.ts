import { LinkedInNetworkClient } from '@outpilot/agent';
import { apiBasePath, sandboxBasePath, sandboxLinkedInPath } from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { cookieJar } from '@outpilot/sandbox/cookie-jar';
import { describe, expect, it } from 'vitest';
import { testBackends } from './testing/index.ts';
import { testServerForSuite } from './testing/test-server-for-suite.ts';

/**
 * The sandbox network's LinkedIn facade as the product server mounts it (NETWORK=linkedin,
 * SANDBOX_NETWORK=mounted): the server's own body parsers and hooks are in front of it, unlike
 * the sandbox on its own (linkedin-facade.test.ts). Messenger actions send JSON as text/plain,
 * which the product's JSON routes refuse with a 415; the facade must still take them.
 */
describe.each(testBackends())('the mounted LinkedIn facade on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, {
    env: { NETWORK: 'linkedin', SANDBOX_NETWORK: 'mounted' },
  });

  it("sends a message and changes its conversation through the LinkedIn adapter (messenger's text/plain bodies)", async () => {
    const baseUrl = `${server.url}${sandboxBasePath}${sandboxLinkedInPath}`;
    const population = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
    const degrees = (index: number) => population.graph.degreesFrom(index);
    const member = population.people.find((person) => degrees(person.index).includes('FIRST'));
    const friend =
      member && population.people.find((person) => degrees(member.index)[person.index] === 'FIRST');
    if (!member || !friend) throw new Error('no member with a connection');
    const browser = cookieJar();
    const signedIn = await browser.fetch(`${baseUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicIdentifier: member.publicIdentifier }),
    });
    expect(signedIn.status).toBe(200);
    const client = new LinkedInNetworkClient({
      baseUrl,
      fetch: browser.fetch,
      readCookie: async (name) => browser.jar.get(name) ?? null,
      pacing: { minMs: 0, maxMs: 0 },
    });

    const sent = await client.sendMessage(
      { publicIdentifier: friend.publicIdentifier, entityId: friend.entityId },
      'Thanks for connecting!',
      undefined,
      { idempotencyKey: 'outpilot:mounted:message' },
    );
    await client.setRead(sent.conversationId, false);
    const thread = (await client.listConversationsSince(null)).find(
      (conversation) => conversation.id === sent.conversationId,
    );
    expect(thread?.unreadCount).toBe(1);
    expect(thread?.messages).toContainEqual(
      expect.objectContaining({ messageId: sent.messageId, text: 'Thanks for connecting!' }),
    );

    // The facade's text/plain parser stays in its own scope: the product's routes still refuse it.
    const product = await fetch(`${server.url}${apiBasePath}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(product.status).toBe(415);
  });
});
