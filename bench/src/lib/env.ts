import pg from 'pg';

/** BENCH_SCALE=small: a quick run with smaller data sets (same scenarios). */
export const small = process.env.BENCH_SCALE === 'small';

/** The PostgreSQL server; a fresh bench_<random> database is created on it per scenario group and dropped. */
export const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@/bench?host=/var/run/postgresql';

export const runs = 3;

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrlOf(config: { databaseUrl: string | undefined }): string {
  if (config.databaseUrl === undefined) throw new Error('bench: the server has no DATABASE_URL');
  return config.databaseUrl;
}

export const count = (n: number) => n.toLocaleString('en-US');
