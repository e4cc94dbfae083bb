import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** The one database type every use-case takes, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: its data directory as a tarball, to open copies of it as `template`. */
  dumpDataDir?: () => Promise<Blob | File>;
};

/**
 * PGlite under dataDir, or PostgreSQL at url. A PGlite `template` (a data directory dumped by
 * PGlite's dumpDataDir, migrations applied) is loaded instead of initialising an empty one: the
 * test kit starts dozens of servers, and initdb is most of each start.
 */
export type DatabaseTarget = { dataDir: string; template?: Blob } | { url: string };

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** An arbitrary constant so that concurrent server processes apply migrations one at a time. */
const migrationLockKey = 7_415_001;

/** Opens PGlite (embedded, persisted under dataDir) or PostgreSQL (url) and applies the migrations. */
export async function createDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) return openPostgres(target.url);
  return openPglite(target.dataDir, target.template);
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<DatabaseHandle> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, an administrator's terminate) is
  // dropped by the pool and replaced on the next checkout; without a listener node-postgres
  // raises it as an uncaught error and the whole process dies.
  pool.on('error', (error) => {
    process.emitWarning(`An idle PostgreSQL connection failed and was dropped: ${error.message}`, {
      code: 'OUTPILOT_DB_IDLE_CONNECTION',
    });
  });
  const db = drizzleNodePg({ client: pool, schema });
  try {
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
      lock.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', close: () => pool.end() };
}
