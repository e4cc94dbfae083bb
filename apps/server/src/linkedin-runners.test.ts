import { createServer } from 'node:net';
import {
  AutomationClient,
  createActivityRunner,
  LinkedInNetworkClient,
  performInboxChange,
} from '@outpilot/agent';
import {
  automationBasePath,
  type CampaignStep,
  cloudAutomationPaths,
  conversationsResponseSchema,
  maxInboxAttachmentBase64Length,
  sandboxActionPaths,
  sandboxBasePath,
  sandboxLinkedInPath,
  sandboxSessionHeader,
} from '@outpilot/contracts';
import { createPopulation } from '@outpilot/sandbox';
import { cookieJar } from '@outpilot/sandbox/cookie-jar';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, campaigns, conversationEvents, conversations, inboxChanges } from './db/schema.ts';
import { createCloudRunner, openSandboxSession } from './engine/cloud-runner.ts';
import {
  claimInboxChanges,
  extensionMessages,
  fetchThroughExtension,
  performThroughExtension,
  reportInboxChanges,
} from './messaging/extension-inbox.ts';
import { createCloudLinkedInNetworks } from './network-account/cloud-linkedin-network.ts';
import {
  alwaysWorking,
  automation,
  automationCall,
  type EngineUser,
  engineUser,
  monday8am,
  nextCheckOf,
  runningCampaign,
} from './testing/engine-test-kit.ts';
import { callApi, startTestServer, type TestServer, testBackends } from './testing/index.ts';
import { startTunnelProxy } from './testing/tunnel-proxy.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const noPause = { minMs: 0, maxMs: 0 };
const connectStep: CampaignStep[] = [
  { type: 'Connect', message_template: 'Hi {first_name}, shall we connect?', timeout: 14_400, delay: 30 },
];
const messageStep: CampaignStep[] = [
  { type: 'Message', message_template: 'Good to be connected, {first_name}.', timeout: 4320 },
];

type Person = ReturnType<typeof createPopulation>['people'][number];
const contactOf = (person: Person, distance: number) => ({
  linkedinPublicIdentifier: person.publicIdentifier,
  linkedinEntityId: person.entityId,
  firstName: person.firstName,
  lastName: person.lastName,
  fullName: `${person.firstName} ${person.lastName}`,
  distance,
});

/**
 * NETWORK=linkedin with the sandbox's LinkedIn facade mounted (SANDBOX_NETWORK=mounted) as
 * LINKEDIN_URL: the cloud runner and the inbox act through the LinkedIn adapter — in the cloud
 * with the session the user handed over, through the proxy of the user's country; locally
 * through the user's own browser (here the adapter over a cookie jar, as the extension runs it).
 * What happened is read back from the network in LinkedIn's dialect.
 */
describe.each(testBackends())(
  'LinkedIn through the cloud runner and the extension on $name',
  ({ databaseUrl }) => {
    let proxy: Awaited<ReturnType<typeof startTunnelProxy>>;
    let server: TestServer;
    const serverChoices: { personaId: string; countryCode: string; proxyUrl: string }[] = [];
    const facadeUrl = () => `${server.url}${sandboxBasePath}${sandboxLinkedInPath}`;

    beforeAll(async () => {
      proxy = await startTunnelProxy();
      const port = await freePort();
      server = await startTestServer({
        ...(databaseUrl ? { databaseUrl } : {}),
        port,
        clockStart: monday8am,
        env: {
          NETWORK: 'linkedin',
          SANDBOX_NETWORK: 'mounted',
          LINKEDIN_URL: `http://127.0.0.1:${port}${sandboxBasePath}${sandboxLinkedInPath}`,
          SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
          CLOUD_PROXIES: JSON.stringify([
            { country_code: 'AT', city_name: 'Vienna', ip_address: '127.0.0.1', url: proxy.url },
          ]),
        },
        cloudLinkedIn: { pacing: noPause, onProxyChosen: (choice) => serverChoices.push(choice) },
      });
    });
    afterAll(async () => {
      await server?.close();
      await proxy?.close();
    });

    /** The n-th visible member with three visible connections and a visible 2nd-degree member. */
    function members(offset: number) {
      const population = createPopulation({
        seed: server.config.sandboxSeed,
        size: server.config.sandboxSize,
      });
      const candidates = population.people.filter((person) => {
        if (!person.isVisible) return false;
        const friends = population.graph.connectionsOf(person.index);
        return friends.filter((index) => population.people[index]?.isVisible).length >= 3;
      });
      const member = candidates[offset * 7];
      if (!member) throw new Error('no member');
      const degrees = population.graph.degreesFrom(member.index);
      const friend = population.graph
        .connectionsOf(member.index)
        .map((index) => population.people[index])
        .find((person) => person?.isVisible);
      const stranger = population.people.find(
        (person) => person.isVisible && degrees[person.index] === 'SECOND',
      );
      if (!friend || !stranger) throw new Error('no friend or stranger');
      return { member, friend, stranger };
    }

    /** A browser signed in to the network as the member, and the LinkedIn adapter over its cookies. */
    async function signedInBrowser(member: Person) {
      const browser = cookieJar();
      const signedIn = await browser.fetch(`${facadeUrl()}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicIdentifier: member.publicIdentifier }),
      });
      expect(signedIn.status).toBe(200);
      const linkedIn = new LinkedInNetworkClient({
        baseUrl: facadeUrl(),
        fetch: browser.fetch,
        readCookie: async (name) => browser.jar.get(name) ?? null,
        pacing: noPause,
      });
      return { browser, linkedIn };
    }

    async function workspaceOf(member: Person, mode: 'local' | 'cloud') {
      return engineUser(server, {
        automationMode: mode,
        networkPublicIdentifier: member.publicIdentifier,
        networkEntityId: member.entityId,
        networkGivenName: member.firstName,
        networkFamilyName: member.lastName,
        workingHours: alwaysWorking,
      });
    }

    /** The consent dialog's hand-over: the browser's li_at and JSESSIONID, for the proxy of Austria. */
    async function handOver(user: EngineUser, jar: Map<string, string>) {
      const stored = await callApi(
        server.url,
        'PUT',
        cloudAutomationPaths.networkSession,
        await user.tokenNow(),
        {
          consent: true,
          country_code: 'AT',
          cookies: { li_at: jar.get('li_at'), JSESSIONID: jar.get('JSESSIONID') },
        },
      );
      expect(stored.status).toBe(200);
    }

    function cloudRunner(choices: { personaId: string; proxyUrl: string }[], errors: unknown[] = []) {
      const deps = { db: server.db, clock: server.clock, config: server.config };
      return createCloudRunner({
        onError: (error) => errors.push(error),
        deps: { db: server.db, clock: server.clock, publicUrl: server.url },
        network: createCloudLinkedInNetworks(deps, {
          pacing: noPause,
          onProxyChosen: (c) => choices.push(c),
        }),
        runnerId: 'cloud-test',
      });
    }

    /** Claims and performs until the persona has nothing due, the clock moved to each next turn. */
    async function runUntilIdle(runner: ReturnType<typeof cloudRunner>, personaId: string) {
      for (let round = 0; round < 30; round += 1) {
        const { claimed } = await runner.runner.runOnce();
        if (claimed > 0) continue;
        const next = await nextCheckOf(server, personaId);
        if (!next) return;
        server.clock.set(new Date(Math.max(server.clock.now().getTime() + 1, next.getTime() + 1)));
      }
    }

    const activitiesOf = (personaId: string) =>
      server.db
        .select({ type: activities.operationType, state: activities.state, outcome: activities.outcome })
        .from(activities)
        .where(eq(activities.personaId, personaId));

    /** The member's messages in the conversation with `other`, as the network holds them. */
    async function messagesWith(linkedIn: LinkedInNetworkClient, other: Person) {
      const threads = await linkedIn.listConversationsSince(null);
      const thread = threads.find((each) => each.participants.some((p) => p.entityId === other.entityId));
      return { thread, texts: thread?.messages.map((message) => message.text) ?? [] };
    }

    it('in the cloud: a Connect and a Message are performed on LinkedIn once each, through the proxy of the user’s country, and an inbox answer reaches LinkedIn once', async () => {
      const { member, friend, stranger } = members(0);
      const user = await workspaceOf(member, 'cloud');
      const { browser, linkedIn } = await signedInBrowser(member);
      await handOver(user, browser.jar);
      const connect = await runningCampaign(server, user, {
        steps: connectStep,
        contacts: [contactOf(stranger, 2)],
      });
      const message = await runningCampaign(server, user, {
        steps: messageStep,
        contacts: [contactOf(friend, 1)],
      });
      const choices: { personaId: string; proxyUrl: string }[] = [];
      const runner = cloudRunner(choices);
      await runner.refresh();
      expect(runner.personaIds()).toContain(user.personaId);
      const tunnelsBefore = proxy.tunnels.length;

      await runUntilIdle(runner, user.personaId);

      expect((await activitiesOf(user.personaId)).toSorted((a, b) => a.type.localeCompare(b.type))).toEqual([
        { type: 'Connect', state: 'done', outcome: 'executed' },
        { type: 'Message', state: 'done', outcome: 'executed' },
      ]);
      expect(connect.campaign.id).not.toBe(message.campaign.id);
      // On LinkedIn: one invitation to the stranger, one message to the friend.
      const invitations = (await linkedIn.listSentInvitations()).filter(
        (invitation) => invitation.entityId === stranger.entityId,
      );
      expect(invitations).toHaveLength(1);
      const sent = `Good to be connected, ${friend.firstName}.`;
      expect((await messagesWith(linkedIn, friend)).texts.filter((text) => text === sent)).toHaveLength(1);
      // Through the proxy of the country the user chose, and only through it.
      expect(choices).toEqual([expect.objectContaining({ personaId: user.personaId, proxyUrl: proxy.url })]);
      expect(proxy.tunnels.length).toBeGreaterThan(tunnelsBefore);
      expect(new Set(proxy.tunnels.slice(tunnelsBefore))).toEqual(new Set([new URL(server.url).host]));

      // The runner's sync brings the conversation into the inbox; an answer from the inbox goes
      // out through the server's LinkedIn adapter (the cloud mode's runner), once.
      await runner.runner.syncNow();
      const [stored] = await server.db
        .select({ id: conversations.entityId })
        .from(conversations)
        .where(
          and(
            eq(conversations.personaId, user.personaId),
            sql`${conversations.participant}->>'entityId' = ${friend.entityId}`,
          ),
        );
      if (!stored) throw new Error('the conversation was not synced');
      const answer = await automation(
        server,
        user,
        `/conversations/${encodeURIComponent(stored.id)}/events`,
        {
          message: 'Answered from the inbox',
          attachments: [],
        },
      );
      expect(answer.status).toBe(201);
      expect(answer.body.event).toMatchObject({ text: 'Answered from the inbox' });
      const after = await messagesWith(linkedIn, friend);
      expect(after.texts.filter((text) => text === 'Answered from the inbox')).toHaveLength(1);
      expect(after.thread?.id).toBe(stored.id);
      expect(serverChoices).toContainEqual(
        expect.objectContaining({ personaId: user.personaId, countryCode: 'AT', proxyUrl: proxy.url }),
      );
      // Nothing is queued for a browser in cloud mode.
      expect(
        await server.db.select().from(inboxChanges).where(eq(inboxChanges.personaId, user.personaId)),
      ).toEqual([]);
      await runner.stop();
    });

    it('in the cloud: a session LinkedIn no longer knows pauses the campaign with NotAuthenticated, nothing sent', async () => {
      const { member, stranger } = members(1);
      const user = await workspaceOf(member, 'cloud');
      const { browser } = await signedInBrowser(member);
      await handOver(user, browser.jar);
      // The user signs out of LinkedIn in the browser: the handed-over session ends with it.
      await browser.fetch(`${facadeUrl()}/logout`, { redirect: 'manual' });
      const { campaign } = await runningCampaign(server, user, {
        steps: connectStep,
        contacts: [contactOf(stranger, 2)],
      });
      const errors: unknown[] = [];
      const runner = cloudRunner([], errors);
      await runner.refresh();
      await runner.runner.runOnce();

      // The server's log says why: the runner's sync after the claim met the same signed-out session.
      expect(errors).toEqual([expect.objectContaining({ name: 'NotAuthenticated' })]);
      // The same failure at the next sync is not logged again at once.
      await runner.runner.syncNow();
      expect(errors).toHaveLength(1);
      const [row] = await server.db
        .select({ state: campaigns.state, reason: campaigns.pauseReason })
        .from(campaigns)
        .where(eq(campaigns.id, campaign.id));
      expect(row).toEqual({ state: 'Stopped', reason: 'NotAuthenticated' });
      const { linkedIn } = await signedInBrowser(member);
      expect(
        (await linkedIn.listSentInvitations()).filter(
          (invitation) => invitation.entityId === stranger.entityId,
        ),
      ).toEqual([]);
      await runner.stop();
    });

    it('locally: an inbox answer is queued for the extension, performed once when its runner claims it, and answered with the message', async () => {
      const { member, friend } = members(2);
      const user = await workspaceOf(member, 'local');
      const { linkedIn } = await signedInBrowser(member);
      await linkedIn.sendMessage(
        { publicIdentifier: friend.publicIdentifier, entityId: friend.entityId },
        'Hi there',
      );
      // The extension's runner, as composeAgent builds it: the automation service over HTTP.
      const runner = createActivityRunner({
        automation: new AutomationClient({
          automationBaseUrl: `${server.url}${automationBasePath}`,
          getAccessToken: () => user.tokenNow(),
        }),
        network: linkedIn,
        runnerId: 'browser:test',
        personaIds: [user.personaId],
        inboxChanges: true,
        clock: server.clock,
        sleep: async () => {},
      });
      await runner.syncNow();
      const [stored] = await server.db
        .select({ id: conversations.entityId })
        .from(conversations)
        .where(
          and(
            eq(conversations.personaId, user.personaId),
            sql`${conversations.participant}->>'entityId' = ${friend.entityId}`,
          ),
        );
      if (!stored) throw new Error('the conversation was not synced');

      const pending = automation(server, user, `/conversations/${encodeURIComponent(stored.id)}/events`, {
        message: 'Answered from the inbox, locally',
        attachments: [],
      });
      const queued = async () =>
        server.db
          .select({ state: inboxChanges.state, change: inboxChanges.change })
          .from(inboxChanges)
          .where(eq(inboxChanges.personaId, user.personaId));
      for (let tries = 0; tries < 100 && (await queued()).length === 0; tries += 1) {
        const early = await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, 50))]);
        if (early) throw new Error(`the send answered before the extension acted: ${JSON.stringify(early)}`);
      }
      expect(await queued()).toEqual([
        {
          state: 'queued',
          change: expect.objectContaining({ kind: 'send', text: 'Answered from the inbox, locally' }),
        },
      ]);
      // Nothing reached LinkedIn before the extension acted.
      expect((await messagesWith(linkedIn, friend)).texts).not.toContain('Answered from the inbox, locally');

      expect((await runner.runOnce()).inboxChanges).toBe(1);
      const answer = await pending;
      expect(answer.status).toBe(201);
      expect(answer.body.event).toMatchObject({ text: 'Answered from the inbox, locally' });
      expect((await runner.runOnce()).inboxChanges).toBe(0);
      const texts = (await messagesWith(linkedIn, friend)).texts;
      expect(texts.filter((text) => text === 'Answered from the inbox, locally')).toHaveLength(1);
      expect(await queued()).toEqual([expect.objectContaining({ state: 'done' })]);

      // A star made in the inbox is made on LinkedIn by the extension too.
      const starring = automationCall(
        server,
        user,
        'PUT',
        `/conversations/${encodeURIComponent(stored.id)}/star`,
      );
      for (let tries = 0; tries < 100; tries += 1) {
        const open = await server.db
          .select({ state: inboxChanges.state })
          .from(inboxChanges)
          .where(and(eq(inboxChanges.personaId, user.personaId), eq(inboxChanges.state, 'queued')));
        if (open.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await runner.runOnce()).inboxChanges).toBe(1);
      expect((await starring).status).toBe(200);
      // The facade's reading side does not tell stars yet: read them in the sandbox's own dialect.
      const sessionId = await openSandboxSession(`${server.url}${sandboxBasePath}`, member.publicIdentifier);
      const listed = await fetch(`${server.url}${sandboxBasePath}${sandboxActionPaths.conversations}`, {
        headers: { [sandboxSessionHeader]: sessionId },
      });
      const withFriend = conversationsResponseSchema
        .parse(await listed.json())
        .conversations.find((each) => each.participants.some((p) => p.entityId === friend.entityId));
      expect(withFriend?.starred).toBe(true);

      // A message typed on another device comes in through the inbox's Sync, read by the extension.
      await linkedIn.sendMessage(
        { publicIdentifier: friend.publicIdentifier, entityId: friend.entityId },
        'Typed on my phone',
        stored.id,
      );
      const syncing = automation(server, user, `/conversations/${encodeURIComponent(stored.id)}/sync`, {});
      for (let tries = 0; tries < 100; tries += 1) {
        const open = await server.db
          .select({ state: inboxChanges.state })
          .from(inboxChanges)
          .where(and(eq(inboxChanges.personaId, user.personaId), eq(inboxChanges.state, 'queued')));
        if (open.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await runner.runOnce()).inboxChanges).toBe(1);
      expect((await syncing).status).toBe(200);
      const storedTexts = await server.db
        .select({ text: conversationEvents.text })
        .from(conversationEvents)
        .where(
          and(
            eq(conversationEvents.personaId, user.personaId),
            eq(conversationEvents.conversationId, stored.id),
          ),
        );
      expect(storedTexts.map((row) => row.text)).toContain('Typed on my phone');
    });

    it('locally: an attachment is read by the extension’s runner and answered with its bytes; a url not of the conversation is refused unqueued, a file over the limit clearly', async () => {
      const { member } = members(4);
      const user = await workspaceOf(member, 'local');
      // The first sign-in brings an InMail whose file arrives 40 minutes later.
      const { linkedIn } = await signedInBrowser(member);
      server.clock.advance(60 * 60_000);
      const automationClient = new AutomationClient({
        automationBaseUrl: `${server.url}${automationBasePath}`,
        getAccessToken: () => user.tokenNow(),
      });
      const runner = createActivityRunner({
        automation: automationClient,
        network: linkedIn,
        runnerId: 'browser:files',
        personaIds: [user.personaId],
        inboxChanges: true,
        clock: server.clock,
        sleep: async () => {},
      });
      await runner.syncNow();
      const stored = await server.db
        .select({
          conversationId: conversationEvents.conversationId,
          content: conversationEvents.renderContent,
        })
        .from(conversationEvents)
        .where(eq(conversationEvents.personaId, user.personaId));
      const found = stored.flatMap((row) =>
        row.content.flatMap((content) =>
          content.type === 'file' ? [{ conversationId: row.conversationId, file: content }] : [],
        ),
      )[0];
      if (!found) throw new Error('no file was synced');
      const { conversationId, file } = found;
      const read = async (url: string) =>
        fetch(
          `${server.url}${automationBasePath}/conversations/${encodeURIComponent(conversationId)}/attachments/${encodeURIComponent(url)}`,
          {
            headers: {
              authorization: `Bearer ${await user.tokenNow()}`,
              accept: file.recommended_accept_header,
            },
          },
        );
      const changesOf = () =>
        server.db
          .select({
            id: inboxChanges.id,
            state: inboxChanges.state,
            change: inboxChanges.change,
            report: inboxChanges.report,
          })
          .from(inboxChanges)
          .where(eq(inboxChanges.personaId, user.personaId))
          .orderBy(inboxChanges.createdAt);
      const untilQueued = async (count: number) => {
        for (let tries = 0; tries < 200; tries += 1) {
          if ((await changesOf()).length >= count) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('nothing was queued');
      };
      const expected = await linkedIn.fetchAttachment(
        conversationId,
        file.url,
        file.recommended_accept_header,
      );
      expect(expected.bytes.byteLength).toBeGreaterThan(16);

      // Queued for the extension; the server itself reads nothing from LinkedIn.
      const reading = read(file.url);
      await untilQueued(1);
      expect(await changesOf()).toEqual([
        expect.objectContaining({
          state: 'queued',
          change: { kind: 'fetchAttachment', url: file.url, accept: file.recommended_accept_header },
        }),
      ]);
      expect((await runner.runOnce()).inboxChanges).toBe(1);
      const answer = await reading;
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(expected.mediaType);
      expect(answer.headers.get('content-disposition')).toBe('attachment');
      expect(new Uint8Array(await answer.arrayBuffer())).toEqual(expected.bytes);
      // The bytes went to the waiting call, not into the table.
      const [done] = await changesOf();
      expect(done?.state).toBe('done');
      expect(done?.report).not.toHaveProperty('file');

      // A url that is not one of the conversation's files: refused, nothing queued.
      for (const foreign of [
        file.url.replace(/[^/]+$/, '424242'),
        `${facadeUrl()}/voyager/api/me`,
        'https://media.licdn.com/dms/prv/attachment/1/2',
      ]) {
        const refused = await read(foreign);
        expect(refused.status).toBe(404);
        expect(((await refused.json()) as { message: string }).message).toBe('Attachment not found');
      }
      expect(await changesOf()).toHaveLength(1);

      // A file larger than the runner hands over (here a limit of 16 bytes): a clear 413.
      const deps = { db: server.db, clock: server.clock };
      const tooLarge = read(file.url);
      await untilQueued(2);
      const [claimed] = await claimInboxChanges(deps, {
        personaIds: [user.personaId],
        runnerId: 'browser:files',
        max: 5,
      });
      if (!claimed) throw new Error('not claimed');
      const refusal = await performInboxChange(claimed, linkedIn, { maxAttachmentBytes: 16 });
      expect(refusal).toMatchObject({ outcome: 'failed', error: { name: 'PayloadTooLarge', status: 413 } });
      await automationClient.reportInboxChanges({ reports: [refusal] });
      const refusedAnswer = await tooLarge;
      expect(refusedAnswer.status).toBe(413);
      expect(await refusedAnswer.json()).toMatchObject({
        name: 'PayloadTooLarge',
        message: expect.stringContaining('Open it on LinkedIn'),
      });

      // A report carrying more than 10 MB (as base64, over HTTP) is refused by the server too.
      const waiting = fetchThroughExtension(
        deps,
        { personaId: user.personaId, conversationId, url: file.url, accept: '*/*' },
        { waitMs: 20_000, pollMs: 20 },
      ).then(
        () => null,
        (error: unknown) => error,
      );
      await untilQueued(3);
      const [big] = await claimInboxChanges(deps, {
        personaIds: [user.personaId],
        runnerId: 'browser:files',
        max: 5,
      });
      if (!big) throw new Error('not claimed');
      const accepted = await automationClient.reportInboxChanges({
        reports: [
          {
            change_id: big.change_id,
            attempt: big.attempt,
            outcome: 'done',
            file: { media_type: 'text/csv', data: 'A'.repeat(maxInboxAttachmentBase64Length) },
          },
        ],
      });
      expect(accepted.results).toEqual([{ change_id: big.change_id, accepted: true }]);
      expect(await waiting).toMatchObject({
        name: 'PayloadTooLarge',
        status: 413,
        message: extensionMessages.fileTooLarge,
      });

      // Two files asked for at once: a claim hands out one (a report carries one file), the next the other.
      const both = [0, 1].map(() =>
        fetchThroughExtension(
          deps,
          { personaId: user.personaId, conversationId, url: file.url, accept: '*/*' },
          { waitMs: 20_000, pollMs: 20 },
        ).then((got) => got.bytes),
      );
      await untilQueued(5);
      const handedOut: string[] = [];
      for (const runnerId of ['browser:one', 'browser:two']) {
        const claimedNow = await claimInboxChanges(deps, { personaIds: [user.personaId], runnerId, max: 5 });
        expect(claimedNow).toHaveLength(1);
        const [one] = claimedNow;
        if (!one) throw new Error('not claimed');
        handedOut.push(one.change_id);
        await automationClient.reportInboxChanges({ reports: [await performInboxChange(one, linkedIn)] });
      }
      expect(new Set(handedOut).size).toBe(2);
      expect(await Promise.all(both)).toEqual([expected.bytes, expected.bytes]);
    });

    it('locally: a message tried again after a lost report keeps its origin token and is delivered once; a change nobody takes is given up', async () => {
      const { member, friend } = members(3);
      const user = await workspaceOf(member, 'local');
      const { linkedIn } = await signedInBrowser(member);
      const first = await linkedIn.sendMessage(
        { publicIdentifier: friend.publicIdentifier, entityId: friend.entityId },
        'Hello again',
      );
      const deps = { db: server.db, clock: server.clock };
      const change = {
        kind: 'send' as const,
        text: 'Sent once, tried twice',
        recipient: { public_identifier: friend.publicIdentifier, entity_id: friend.entityId },
        origin_token: 'outpilot-origin-token-1',
      };
      const waiting = performThroughExtension(
        deps,
        { personaId: user.personaId, conversationId: first.conversationId, change },
        { waitMs: 10_000, pollMs: 20 },
      );
      const claimFor = async (runnerId: string) => {
        for (let tries = 0; tries < 100; tries += 1) {
          const claimed = await claimInboxChanges(deps, { personaIds: [user.personaId], runnerId, max: 5 });
          if (claimed.length > 0) return claimed;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return [];
      };
      const [firstTry] = await claimFor('browser:a');
      if (!firstTry) throw new Error('not claimed');
      await performInboxChange(firstTry, linkedIn); // …and its report is lost.
      server.clock.advance(61_000);
      const [secondTry] = await claimFor('browser:b');
      expect(secondTry).toMatchObject({ change_id: firstTry.change_id, attempt: 2, change });
      if (!secondTry) throw new Error('not claimed again');
      const report = await performInboxChange(secondTry, linkedIn);
      // Another workspace's runner cannot report it.
      expect(
        await reportInboxChanges(deps, {
          personaIds: ['00000000-0000-4000-8000-00000000dead'],
          reports: [report],
        }),
      ).toEqual([{ change_id: firstTry.change_id, accepted: false }]);
      expect(await reportInboxChanges(deps, { personaIds: [user.personaId], reports: [report] })).toEqual([
        { change_id: firstTry.change_id, accepted: true },
      ]);
      // The first attempt's late report changes nothing.
      expect(
        await reportInboxChanges(deps, {
          personaIds: [user.personaId],
          reports: [{ ...report, attempt: 1 }],
        }),
      ).toEqual([{ change_id: firstTry.change_id, accepted: false }]);
      expect((await waiting).sent?.message_id).toBe(report.sent?.message_id);
      expect(
        (await messagesWith(linkedIn, friend)).texts.filter((text) => text === 'Sent once, tried twice'),
      ).toHaveLength(1);

      // LinkedIn refuses: the call answers LinkedIn's refusal (the screen rolls its change back).
      const refused = performThroughExtension(
        deps,
        {
          personaId: user.personaId,
          conversationId: 'urn:li:msg_conversation:(urn:li:fsd_profile:nobody,2-bm90LWEtdGhyZWFk)',
          change: { kind: 'star', starred: true },
        },
        { waitMs: 10_000, pollMs: 20 },
      );
      const [unknown] = await claimFor('browser:d');
      if (!unknown) throw new Error('not claimed');
      const refusal = await performInboxChange(unknown, linkedIn);
      expect(refusal).toMatchObject({ outcome: 'failed', error: { status: expect.any(Number) } });
      await reportInboxChanges(deps, { personaIds: [user.personaId], reports: [refusal] });
      await expect(refused).rejects.toMatchObject({
        name: refusal.error?.name,
        status: refusal.error?.status,
      });

      // No runner takes it: the call gives up, and the change is never performed after.
      await expect(
        performThroughExtension(
          deps,
          {
            personaId: user.personaId,
            conversationId: first.conversationId,
            change: { kind: 'star', starred: true },
          },
          { waitMs: 200, pollMs: 20 },
        ),
      ).rejects.toMatchObject({ status: 502, message: extensionMessages.notTaken });
      expect(
        await claimInboxChanges(deps, { personaIds: [user.personaId], runnerId: 'browser:c', max: 5 }),
      ).toEqual([]);
    });
  },
);
