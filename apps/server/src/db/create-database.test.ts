import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testBackends } from '../testing/index.ts';
import { createDatabase, type DatabaseTarget } from './create-database.ts';
import { users } from './schema.ts';

describe.each(testBackends())('createDatabase on $name', ({ databaseUrl }) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  async function freshTarget(): Promise<DatabaseTarget> {
    if (databaseUrl) {
      const database: TestDatabase = await createTestDatabase(databaseUrl);
      cleanUps.push(() => database.drop());
      return { url: database.url };
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'outpilot-db-'));
    cleanUps.push(() => rm(dir, { recursive: true, force: true }));
    // A nested, not yet existing folder: its parents are created.
    return { dataDir: path.join(dir, 'nested', 'pglite') };
  }

  it('applies the migrations with pg_trgm, and reopening keeps the data', async () => {
    const target = await freshTarget();
    const first = await createDatabase(target);
    expect(first.kind).toBe(databaseUrl ? 'postgres' : 'pglite');
    // Database is the drivers' common type, so raw results are opaque: look at them as JSON.
    const extensions = await first.db.execute(sql`SELECT extname FROM pg_extension`);
    expect(JSON.stringify(extensions)).toContain('"extname":"pg_trgm"');
    const similarity = await first.db.execute(sql`SELECT similarity('outpilot', 'outpilots') AS s`);
    expect(JSON.stringify(similarity)).toMatch(/"s":0\.\d+/);
    const email = `${randomUUID()}@example.test`;
    await first.db.insert(users).values({ email, oidcSubject: email });
    await first.close();

    const second = await createDatabase(target);
    const found = await second.db.select().from(users).where(eq(users.email, email));
    expect(found).toHaveLength(1);
    await second.close();
    // Every migration from an empty database, twice opened: a minute on a busy 2-core host.
  }, 120_000);

  // Only PostgreSQL has other backends that can end a connection; PGlite runs in this process.
  if (databaseUrl !== undefined) {
    it('survives the server ending an idle connection, and reconnects on the next query', async () => {
      const target = await freshTarget();
      const handle = await createDatabase(target);
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on('warning', onWarning);
      try {
        const backend = JSON.stringify(await handle.db.execute(sql`SELECT pg_backend_pid() AS pid`));
        const pid = Number(/"pid":(\d+)/.exec(backend)?.[1]);
        const admin = await createDatabase(target);
        await admin.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
        await admin.close();
        await expect.poll(() => warnings.join()).toContain('idle PostgreSQL connection');
        const answer = await handle.db.execute(sql`SELECT 1 AS one`);
        expect(JSON.stringify(answer)).toContain('"one":1');
      } finally {
        process.off('warning', onWarning);
        await handle.close();
      }
    });
  }
});
