import { LinkedInNetworkClient } from '@outpilot/agent';
import { apiBasePath, sandboxBasePath, sandboxLinkedInPath } from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { cookieJar } from '@outpilot/sandbox/cookie-jar';
import { describe, expect, it } from 'vitest';
import { testBackends } from './testing/index.ts';
import { testServerForSuite } from './testing/test-server-for-suite.ts';

/** The real LinkedIn adapter with the cookies of a browser signed in at the facade's sign-in page. */
async function signedInAdapter(baseUrl: string, publicIdentifier: string) {
  const browser = cookieJar();
  const signedIn = await browser.fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ publicIdentifier }),
  });
  expect(signedIn.status).toBe(200);
  const client = new LinkedInNetworkClient({
    baseUrl,
    fetch: browser.fetch,
    readCookie: async (name) => browser.jar.get(name) ?? null,
    pacing: { minMs: 0, maxMs: 0 },
  });
  return { client };
}

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
    const { client } = await signedInAdapter(baseUrl, member.publicIdentifier);

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

  it("brings what the network sends by itself through LinkedIn's dialect, and serves its files on the product's origin", async () => {
    const baseUrl = `${server.url}${sandboxBasePath}${sandboxLinkedInPath}`;
    const population = createPopulation({ seed: server.config.sandboxSeed, size: server.config.sandboxSize });
    // Another member than the first test's: the network plans its InMail at the first sign-in.
    const member = population.people.filter(
      (person) => person.isVisible && population.graph.isInMainNetwork(person.index),
    )[7];
    if (!member) throw new Error('no member');
    const { client } = await signedInAdapter(baseUrl, member.publicIdentifier);
    server.clock.advance(2 * 24 * 3600_000 + 60_000);
    const conversations = await client.listConversationsSince(null);
    const inMail = conversations.find((each) => each.conversationType === 'INMAIL' && !each.spam);
    const message = inMail?.messages.find((each) => each.subject);
    expect(message?.subject).toMatch(/^A role at /);
    const file = message?.attachments?.find((each) => each.kind === 'file');
    expect(file).toMatchObject({ name: 'Role overview.csv', mediaType: 'text/csv' });
    expect(file?.url?.startsWith(`${baseUrl}/dms/prv/`)).toBe(true);
    const read = await client.fetchAttachment(inMail?.id ?? '', file?.url ?? '', 'text/csv');
    expect(read.mediaType).toMatch(/^text\/csv/);
    expect(read.bytes.length).toBe(file?.byteSize);
  });
});
