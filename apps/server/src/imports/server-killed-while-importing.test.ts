import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importListSchema } from '@outpilot/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, importLists } from '../db/schema.ts';
import {
  createTestDatabase,
  serverProcessEnv,
  signInNewAccount,
  startServerProcess,
  startTestServer,
  type TestServer,
  testBackends,
} from '../testing/index.ts';

const childScript = fileURLToPath(new URL('../testing/server-killed-while-importing.ts', import.meta.url));

/** Enough rows that storing them takes a while on any machine, so the kill lands mid-way. */
const fileRows = 10_000;
const contactsFile = [
  'LinkedIn Profile;First Name;Last Name;Company Name;Position Title;Country;Custom Field 1;Custom Field 2;Custom Field 3',
  ...Array.from(
    { length: fileRows },
    (_, row) => `https://www.linkedin.com/in/killed-import-${row}/;Ada${row};Lovelace;Acme;CTO;Germany;;;`,
  ),
].join('\r\n');

const uploadFile = (url: string, token: string) =>
  fetch(`${url}/api/v1/imports/csv?file_name=leads.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: contactsFile,
  });

async function workspaceState(server: TestServer, personaId: string) {
  const [stored] = await server.db
    .select({ n: count() })
    .from(contacts)
    .where(eq(contacts.personaId, personaId));
  const lists = await server.db
    .select({ state: importLists.state, uploadedCount: importLists.uploadedCount })
    .from(importLists)
    .where(eq(importLists.personaId, personaId));
  return { contacts: stored?.n ?? 0, lists };
}

/**
 * Issue 26, "what held, keep it holding": a contact file is stored all or nothing, even when the
 * whole server is SIGKILLed while it writes the file's contacts. Restarted on the same data, the
 * workspace holds none of the file (no list either) or all of it (its list completed), never part,
 * and no list is left 'running' to block the next import: the same file imports again, whole.
 * Which of the two depends on how far the database got before the kill; both are kept promises.
 */
describe.each(testBackends())('a server killed while storing a contact file, on $name', ({ databaseUrl }) => {
  it('keeps none or all of the file, and imports it again after the restart', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'outpilot-killed-import-'));
    const database = databaseUrl ? await createTestDatabase(databaseUrl) : undefined;
    const reopen = { dataDir, ...(database ? { databaseUrl: database.url } : {}) };
    const env = { AUTH_SECRET: randomBytes(32).toString('hex') };
    try {
      let server = await startTestServer({ reopen, env });
      const { account, token } = await signInNewAccount(server);
      const { port } = server.config;
      await server.close();

      const child = startServerProcess(childScript, [], {
        ...env,
        ...serverProcessEnv({ port, dataDir, databaseUrl: database?.url }),
      });
      await child.printed('listening');
      const answer = uploadFile(`http://127.0.0.1:${port}`, token).then(
        (response) => response.status,
        () => 'cut off' as const,
      );
      // Killed as soon as the contacts are being written; on a slow day the file may be stored first.
      await Promise.race([child.printed('storing contacts').catch(() => undefined), answer]);
      expect(await child.kill()).toBe('SIGKILL');
      expect(child.output()).toContain('storing contacts\n');
      const answered = await answer;
      expect([200, 'cut off']).toContain(answered);

      server = await startTestServer({ reopen, env });
      try {
        const afterKill = await workspaceState(server, account.personaId);
        const outcome = afterKill.contacts === 0 ? 'none' : afterKill.contacts === fileRows ? 'all' : 'part';
        expect(outcome, `${afterKill.contacts} of ${fileRows} contacts after the kill`).not.toBe('part');
        expect(afterKill.lists).toEqual(
          outcome === 'none' ? [] : [{ state: 'completed', uploadedCount: fileRows }],
        );
        if (answered === 200) expect(outcome).toBe('all');

        const again = await uploadFile(server.url, token);
        expect(again.status, await again.clone().text()).toBe(200);
        expect(importListSchema.parse(await again.json())).toMatchObject({
          state: 'completed',
          total: fileRows,
          uploaded_count: fileRows,
        });
        expect((await workspaceState(server, account.personaId)).contacts).toBe(fileRows);
      } finally {
        await server.close();
      }
    } finally {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
