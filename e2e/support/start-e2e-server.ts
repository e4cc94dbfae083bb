import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { campaignStates, pauseReasons } from '@outpilot/contracts';
import { buildServer, loadConfig } from '@outpilot/server';
import {
  addAudience,
  createAccount,
  createCampaignRow,
  createContacts,
  createImportList,
  describeCloudWork,
  startTunnelProxy,
  subscribeToPlan,
} from '@outpilot/server/testing';
import { z } from 'zod';
import {
  e2eCloudProxy,
  e2eLinkedInFacadeUrl,
  e2eLinkedInPort,
  e2eLinkedInServerUrl,
  e2ePort,
  e2eServerUrl,
  e2eVirtualClockPort,
  e2eVirtualClockServerUrl,
} from './e2e-server-url.ts';

/**
 * The server the browser journeys run against: the real product on a fresh PGlite directory,
 * plus one test-support route that creates accounts through the shared factories. The route is
 * mounted here, by the tests, and never by the product.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpilot-e2e-'));

/** The next Monday 10:00 UTC: inside the factories' working hours (Mon-Fri 09:00-19:00, GMT+00:00). */
function nextMondayMorning(now: Date): Date {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 10));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  return monday;
}

// E2E_SERVER=virtual-clock starts the second server: the engine's time moves only when a journey
// advances it through the test clock endpoint.
const isVirtualClock = process.env.E2E_SERVER === 'virtual-clock';
// E2E_SERVER=linkedin: the product on the real network's side (NETWORK=linkedin): it needs the extension.
const isLinkedIn = process.env.E2E_SERVER === 'linkedin';
const port = isVirtualClock ? e2eVirtualClockPort : isLinkedIn ? e2eLinkedInPort : e2ePort;
// Cloud automation with LinkedIn reaches the network only through a proxy of the user's country:
// here a forward proxy on loopback that records the hosts it was asked for (GET /__e2e/cloud-proxy).
const cloudProxy = isLinkedIn ? await startTunnelProxy() : undefined;

const config = loadConfig({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: isVirtualClock ? e2eVirtualClockServerUrl : isLinkedIn ? e2eLinkedInServerUrl : e2eServerUrl,
  // NETWORK=linkedin with the sandbox mounted beside it: the extension's LinkedIn adapter acts on
  // the sandbox network through its LinkedIn facade (/sandbox/linkedin), or on a stand-in.
  ...(isLinkedIn ? { NETWORK: 'linkedin', SANDBOX_NETWORK: 'mounted' } : {}),
  // Cloud automation with LinkedIn: the session the extension hands over is kept encrypted and used
  // through the one proxy country configured, against the facade.
  ...(cloudProxy
    ? {
        LINKEDIN_URL: e2eLinkedInFacadeUrl,
        SESSION_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        CLOUD_PROXIES: JSON.stringify([{ ...e2eCloudProxy, url: cloudProxy.url }]),
      }
    : {}),
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // AGENT_SYNC_INTERVAL_MS (the agents' sync pace, through the client config) passes through from
  // the environment; unset, the agents sync once a minute. 5 s broke the campaign messaging
  // journey (decisions.md, h-e2e-speed), so it is not the default here yet.
  // The LinkedIn server's journeys run a campaign on the sandbox network: they move its clock too.
  ...(isVirtualClock || isLinkedIn
    ? {
        CLOCK: 'virtual',
        VIRTUAL_CLOCK_START: nextMondayMorning(new Date()).toISOString(),
        ENABLE_TEST_ENDPOINTS: 'true',
      }
    : {}),
});
const accountRequestSchema = z.object({
  email: z.email(),
  givenName: z.string().min(1),
  familyName: z.string().min(1),
  onboarded: z.boolean(),
  /** Links the workspace to this sandbox member (the inbox acts on the network as them). */
  network: z.object({ entityId: z.string().min(1), publicIdentifier: z.string().min(1) }).optional(),
});
const contactsAccountRequestSchema = accountRequestSchema.extend({
  contacts: z.number().int().min(0).max(1000),
  importListName: z.string().min(1).max(50).optional(),
  plan: z.enum(['basic', 'pro', 'team']).optional(),
  /** How many of the generated contacts, the first ones, have a Premium network account. */
  premiumContacts: z.number().int().min(0).optional(),
});
const campaignRequestSchema = z.object({
  personaId: z.uuid(),
  name: z.string().min(1).max(50),
  state: z.enum(campaignStates),
  pauseReason: z.enum(pauseReasons).optional(),
  /** Generated contacts put in the campaign's audience. */
  audience: z.number().int().min(0).max(100).optional(),
});
const app = await buildServer(config, {
  // The LinkedIn server runs the engine's background on its virtual clock, as production does on
  // the real one: the sweeps and the cloud runner (a virtual clock leaves it off by default).
  ...(isLinkedIn ? { engineBackground: true } : {}),
  extend: (server) => {
    // An onboarded account with generated contacts (optionally tagged with one import list).
    server.post('/__e2e/contacts-accounts', async (request, reply) => {
      const {
        contacts,
        importListName,
        plan,
        premiumContacts = 0,
        ...account
      } = contactsAccountRequestSchema.parse(request.body);
      // On the server's own clock: on the virtual one, a trial started by the system clock would
      // already be over once an earlier journey moved time on by a month.
      const created = await createAccount(server.db, { ...account, clock: server.clock });
      if (plan) await subscribeToPlan(server.db, created.personaId, plan, server.clock);
      const list = importListName
        ? await createImportList(server.db, created.personaId, { name: importListName })
        : undefined;
      const seeds = Array.from({ length: contacts }, (_, index) => ({ isPremium: index < premiumContacts }));
      await createContacts(server.db, created.personaId, seeds, list ? { importListId: list.id } : {});
      return reply.code(201).send({ ...created, importListId: list?.id ?? null });
    });
    // A campaign in a state the browser cannot reach quickly (a paused one locked by the network).
    server.post('/__e2e/campaigns', async (request, reply) => {
      const { personaId, audience, ...seed } = campaignRequestSchema.parse(request.body);
      const row = await createCampaignRow(server.db, personaId, seed);
      if (audience) {
        const contacts = await createContacts(server.db, personaId, audience);
        await addAudience(
          server.db,
          row,
          contacts.map((contact) => contact.id),
        );
      }
      return reply.code(201).send({ id: row.id });
    });
    // The hosts the cloud's proxy was asked to reach.
    server.get('/__e2e/cloud-proxy', async () => ({ hosts: cloudProxy?.tunnels ?? [] }));
    // What the cloud runner had to work on, for a journey's failure message.
    server.get('/__e2e/cloud-work', async () => ({
      now: server.clock.now(),
      ...(await describeCloudWork(server.db)),
    }));
    server.post('/__e2e/accounts', async (request, reply) => {
      const account = accountRequestSchema.parse(request.body);
      return reply.code(201).send(await createAccount(server.db, { ...account, clock: server.clock }));
    });
  },
});

await app.listen({ port, host: '127.0.0.1' });

async function shutDown() {
  await app.close();
  await cloudProxy?.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);
