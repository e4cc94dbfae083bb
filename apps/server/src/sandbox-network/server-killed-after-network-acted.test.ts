import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createActivityRunner } from '@outpilot/agent';
import {
  type CampaignStep,
  sandboxActionPaths,
  sandboxActivitySchema,
  sandboxBasePath,
} from '@outpilot/contracts';
import { createPopulation, type Person } from '@outpilot/sandbox';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../db/schema.ts';
import {
  createInProcessAutomation,
  createSandboxNetworks,
  openSandboxSession,
} from '../engine/cloud-runner.ts';
import { expireLeases } from '../engine/expire-leases.ts';
import {
  alwaysWorking,
  dueAllAt,
  engineUser,
  logCount,
  minuteMs,
  monday8am,
  nextCheckOf,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import {
  createTestDatabase,
  serverProcessEnv,
  startServerProcess,
  startTestServer,
  type TestServer,
  testBackends,
} from '../testing/index.ts';

const childScript = fileURLToPath(
  new URL('../testing/server-killed-after-network-acted.ts', import.meta.url),
);
const sandboxSize = '300';

type Case = {
  name: string;
  watchedPath: string;
  step: CampaignStep;
  /** The contact for the sender: a connection to message, someone else to invite. */
  target(population: ReturnType<typeof createPopulation>, sender: Person): Person | undefined;
  log: string;
};

const cases: Case[] = [
  {
    name: 'a Message',
    watchedPath: `${sandboxBasePath}${sandboxActionPaths.messages}`,
    step: { type: 'Message', message_template: 'Hello {first_name}, shall we talk?', timeout: 4320 },
    target: (population, sender) =>
      population.graph
        .connectionsOf(sender.index)
        .map((index) => population.people[index])
        .find((person) => person?.isVisible),
    log: 'message_sent',
  },
  {
    name: 'a Connect',
    watchedPath: `${sandboxBasePath}${sandboxActionPaths.invitations}`,
    step: { type: 'Connect', message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 },
    target: (population, sender) => {
      const connected = new Set(population.graph.connectionsOf(sender.index));
      return population.people.find(
        (person) => person.index !== sender.index && person.isVisible && !connected.has(person.index),
      );
    },
    log: 'invitation_sent',
  },
];

/** What the sender's network shows of its messages and invitations, asked the way a person would. */
async function networkActivity(server: TestServer, sender: Person) {
  const sandboxBaseUrl = `${server.url}${sandboxBasePath}`;
  const sessionId = await openSandboxSession(sandboxBaseUrl, sender.publicIdentifier);
  const response = await fetch(`${sandboxBaseUrl}${sandboxActionPaths.activity}`, {
    headers: { 'x-sandbox-session': sessionId },
  });
  return sandboxActivitySchema.parse(await response.json());
}

/**
 * Issue 26: the whole server (network and runner in one process) killed right after the sandbox
 * network performed a Message or a Connect, before the runner reported it. Restarted on the same
 * data, the network still holds what it did, so the engine's retry reconciles instead of acting
 * again: one message, one invitation.
 */
describe.each(testBackends())(
  'a server killed right after the network acted, on $name',
  ({ databaseUrl }) => {
    it.each(cases)(
      'sends $name once',
      async ({ watchedPath, step, target: targetOf, log }) => {
        const dataDir = await mkdtemp(path.join(tmpdir(), 'outpilot-killed-'));
        const database = databaseUrl ? await createTestDatabase(databaseUrl) : undefined;
        const reopen = { dataDir, ...(database ? { databaseUrl: database.url } : {}) };
        const env = { SANDBOX_SIZE: sandboxSize, AUTH_SECRET: randomBytes(32).toString('hex') };
        try {
          // A running campaign whose one activity is due, on data kept for the next processes.
          let server = await startTestServer({ reopen, clockStart: monday8am, env });
          const population = createPopulation({
            seed: server.config.sandboxSeed,
            size: server.config.sandboxSize,
          });
          const sender = population.people.find(
            (person) =>
              person.isVisible && person.isPremium && population.graph.isInMainNetwork(person.index),
          );
          const target = sender && targetOf(population, sender);
          if (!sender || !target) throw new Error('the population lacks people');
          const user = await engineUser(server, {
            networkPublicIdentifier: sender.publicIdentifier,
            networkEntityId: sender.entityId,
            workingHours: alwaysWorking,
          });
          const { campaign } = await runningCampaign(server, user, {
            steps: [step],
            contacts: [
              {
                linkedinPublicIdentifier: target.publicIdentifier,
                linkedinEntityId: target.entityId,
                firstName: target.firstName,
                lastName: target.lastName,
              },
            ],
          });
          await dueAllAt(server, user.personaId, server.clock.now());
          const [activity] = await server.db
            .select()
            .from(activities)
            .where(eq(activities.campaignId, campaign.id));
          if (!activity) throw new Error('no activity queued');
          const actAt = new Date(
            Math.max(
              server.clock.now().getTime(),
              (await nextCheckOf(server, user.personaId))?.getTime() ?? 0,
            ),
          );
          const { port } = server.config;
          await server.close();

          // The server process acts through its network and dies before the runner reports.
          const serverProcess = startServerProcess(
            childScript,
            [JSON.stringify({ personaId: user.personaId, watchedPath })],
            {
              ...env,
              ...serverProcessEnv({ port, dataDir, databaseUrl: database?.url }),
              CLOCK: 'virtual',
              VIRTUAL_CLOCK_START: actAt.toISOString(),
            },
          );
          await serverProcess.printed('acted');
          const signal = await serverProcess.kill();
          expect(signal).toBe('SIGKILL');

          // Restarted on the same data, the network still holds what it did before the kill.
          server = await startTestServer({ reopen, clockStart: actAt, env });
          try {
            const before = await networkActivity(server, sender);
            expect(before.counts.messagesSent + before.counts.invitationsSent).toBe(1);
            const [claimed] = await server.db.select().from(activities).where(eq(activities.id, activity.id));
            expect(claimed).toMatchObject({ state: 'claimed', attempt: 1 });

            // The engine goes on: the lease runs out, the next attempt asks the network first.
            server.clock.advance(5 * minuteMs);
            expect(await expireLeases(server)).toBe(1);
            const runner = createActivityRunner({
              automation: createInProcessAutomation(server, () => [user.personaId]),
              network: createSandboxNetworks({ db: server.db, clock: server.clock, publicUrl: server.url }),
              runnerId: 'after-the-restart',
              personaIds: [user.personaId],
              clock: server.clock,
              syncIntervalMs: Number.POSITIVE_INFINITY,
            });
            let round = await runner.runOnce();
            if (round.claimed === 0) {
              server.clock.set((await nextCheckOf(server, user.personaId)) ?? server.clock.now());
              round = await runner.runOnce();
            }
            expect(round.performed).toBe(1);
            const [done] = await server.db.select().from(activities).where(eq(activities.id, activity.id));
            expect(done).toMatchObject({ state: 'done', attempt: 2, outcome: 'executed' });

            const after = await networkActivity(server, sender);
            expect(after.messages.filter((message) => message.direction === 'sent')).toEqual(
              before.messages.filter((message) => message.direction === 'sent'),
            );
            expect(after.invitations.map((invitation) => invitation.invitationId)).toEqual(
              before.invitations.map((invitation) => invitation.invitationId),
            );
            expect(after.counts.messagesSent + after.counts.invitationsSent).toBe(1);
            expect(await logCount(server, user.personaId, log)).toBe(1);
          } finally {
            await server.close();
          }
        } finally {
          await database?.drop();
          await rm(dataDir, { recursive: true, force: true });
        }
      },
      120_000,
    );
  },
);
