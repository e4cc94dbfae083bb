import { createAccount, startTestServer } from '@outpilot/server/testing';
import pg from 'pg';
import { benchLaunch } from './b-lists.ts';
import { databaseUrlOf, serverUrl, small } from './lib/env.ts';
import { heading } from './lib/report.ts';
import { seedContacts } from './lib/seed.ts';

/** B10 alone (tsx src/b10-launch.ts): a fresh PostgreSQL database, one workspace, the launch scenario. */
const rows = small ? 20_000 : 100_000;
heading(`PostgreSQL data set for B10 (${rows.toLocaleString('en-US')} contacts in one workspace)`);
const server = await startTestServer({ databaseUrl: serverUrl });
try {
  const workspace = await createAccount(server.db, { onboarded: true });
  const client = new pg.Client({ connectionString: databaseUrlOf(server.config) });
  await client.connect();
  try {
    await seedContacts(client, workspace.personaId, rows);
    await client.query('vacuum analyze contacts');
  } finally {
    await client.end();
  }
  await benchLaunch(server, workspace, rows);
} finally {
  await server.close();
}
process.exit(0);
