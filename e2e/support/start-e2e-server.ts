import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServer, loadConfig } from '@outpilot/server';
import { createAccount, createContacts, createImportList } from '@outpilot/server/testing';
import { z } from 'zod';
import { e2ePort, e2eServerUrl } from './e2e-server-url.ts';

/**
 * The server the browser journeys run against: the real product on a fresh PGlite directory,
 * plus one test-support route that creates accounts through the shared factories. The route is
 * mounted here, by the tests, and never by the product.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'outpilot-e2e-'));
const config = loadConfig({
  ...process.env,
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  PUBLIC_URL: e2eServerUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const accountRequestSchema = z.object({
  email: z.email(),
  givenName: z.string().min(1),
  familyName: z.string().min(1),
  onboarded: z.boolean(),
});
const contactsAccountRequestSchema = accountRequestSchema.extend({
  contacts: z.number().int().min(0).max(1000),
  importListName: z.string().min(1).max(50).optional(),
});
const app = await buildServer(config, {
  extend: (server) => {
    // An onboarded account with generated contacts (optionally tagged with one import list).
    server.post('/__e2e/contacts-accounts', async (request, reply) => {
      const { contacts, importListName, ...account } = contactsAccountRequestSchema.parse(request.body);
      const created = await createAccount(server.db, account);
      const list = importListName
        ? await createImportList(server.db, created.personaId, { name: importListName })
        : undefined;
      await createContacts(server.db, created.personaId, contacts, list ? { importListId: list.id } : {});
      return reply.code(201).send({ ...created, importListId: list?.id ?? null });
    });
    server.post('/__e2e/accounts', async (request, reply) => {
      const account = accountRequestSchema.parse(request.body);
      return reply.code(201).send(await createAccount(server.db, account));
    });
  },
});

await app.listen({ port: e2ePort, host: '127.0.0.1' });

async function shutDown() {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);
