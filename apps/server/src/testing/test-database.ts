import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Replaces the database name of a postgres:// URL (which may have an empty host, e.g. a unix socket). */
export function withDatabaseName(url: string, name: string): string {
  const match = url.match(/^(postgres(?:ql)?:\/\/[^/?]*)(\/[^?]*)?(\?.*)?$/);
  if (!match) throw new Error(`Not a postgres:// URL: ${url}`);
  return `${match[1]}/${name}${match[3] ?? ''}`;
}

function databaseNameOf(url: string): string {
  const match = url.match(/^postgres(?:ql)?:\/\/[^/?]*\/([^?]+)/);
  return match?.[1] ?? 'test';
}

export type TestDatabase = { url: string; drop(): Promise<void> };

/**
 * Creates a uniquely named database on the server of `serverUrl` (its database name is used as a prefix),
 * through an admin connection to the `postgres` database; drop() removes it.
 */
export async function createTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const prefix = databaseNameOf(serverUrl)
    .replace(/[^a-z0-9_]/gi, '_')
    .toLowerCase();
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const adminUrl = withDatabaseName(serverUrl, 'postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabaseName(serverUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
