import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVirtualClock, type VirtualClock } from '@outpilot/domain';
import type { FastifyInstance } from 'fastify';
import { type BuildServerOverrides, buildServer } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/create-database.ts';
import { migratedPgliteTemplate } from './pglite-template.ts';
import { createTestDatabase } from './test-database.ts';

export type StartTestServerOptions = {
  /** A PostgreSQL server URL: a fresh database is created on it and dropped on close. Default: a fresh PGlite. */
  databaseUrl?: string;
  /** Extra environment variables (e.g. WEB_DIST_DIR, default apps/web/dist; ENABLE_TEST_ENDPOINTS; NETWORK). */
  env?: Record<string, string>;
  /** Registers test-only routes before the server is sealed. */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** Virtual clock start; defaults to the real current time. */
  clockStart?: Date;
  /** A fixed port; default: a free one. */
  port?: number;
  /** Receives every log line at level info and above (otherwise the server logs nothing). */
  logStream?: { write(line: string): void };
  /**
   * The data of an earlier server to open again, as a restart would (its DATA_DIR, and its
   * PostgreSQL database as is when it had one); kept on close. Default: fresh data, removed on close.
   */
  reopen?: { dataDir: string; databaseUrl?: string };
  /** NETWORK=linkedin: the cloud's LinkedIn clients' options (e.g. no pause between requests). */
  cloudLinkedIn?: BuildServerOverrides['cloudLinkedIn'];
};

export type TestServer = {
  /** e.g. http://127.0.0.1:41234 (also the PUBLIC_URL) */
  url: string;
  app: FastifyInstance;
  db: Database;
  clock: VirtualClock;
  config: Config;
  databaseKind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

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

/**
 * Starts the whole server on a fresh database (PGlite in a temp dir, or a new PostgreSQL database),
 * with a virtual clock and the test endpoints. PGlite takes seconds to start: share one per test file.
 */
export async function startTestServer(options: StartTestServerOptions = {}): Promise<TestServer> {
  const { reopen } = options;
  const dataDir = reopen?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'outpilot-test-')));
  const database = reopen
    ? undefined
    : options.databaseUrl
      ? await createTestDatabase(options.databaseUrl)
      : undefined;
  const databaseUrl = reopen ? reopen.databaseUrl : database?.url;
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    CLOCK: 'virtual',
    ENABLE_TEST_ENDPOINTS: 'true',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    SANDBOX_SIZE: '300',
    ...options.env,
  });
  const clock = createVirtualClock(options.clockStart ?? new Date());
  // A new PGlite directory is opened here from the migrated template, where the server would
  // initialise it itself; an existing one (reopen) is opened by the server, as on a restart.
  const pglite =
    databaseUrl || existsSync(`${config.dataDir}/pglite`)
      ? undefined
      : await createDatabase({
          dataDir: `${config.dataDir}/pglite`,
          template: await migratedPgliteTemplate(),
        });
  const cleanUp = async () => {
    await database?.drop();
    await pglite?.close();
    if (!reopen) await rm(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildServer(config, {
      clock,
      ...(pglite ? { database: pglite } : {}),
      ...(options.extend ? { extend: options.extend } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.cloudLinkedIn ? { cloudLinkedIn: options.cloudLinkedIn } : {}),
    });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
  return {
    url,
    app,
    db: app.db,
    clock,
    config,
    databaseKind: databaseUrl ? 'postgres' : 'pglite',
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}
