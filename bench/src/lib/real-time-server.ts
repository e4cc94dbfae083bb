import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@outpilot/server/testing';
import { buildServer } from '../../../apps/server/src/app.ts';
import { type Config, loadConfig } from '../../../apps/server/src/config.ts';

export type RealTimeServer = {
  url: string;
  app: Awaited<ReturnType<typeof buildServer>>;
  config: Config;
  close(): Promise<void>;
};

/**
 * The whole server on a fresh PostgreSQL database with the system clock (latencies are measured
 * in real time; startTestServer's virtual clock stands still), without the engine's background
 * systems: the benchmark starts the runner it measures.
 */
export async function startRealTimeServer(serverUrl: string): Promise<RealTimeServer> {
  const database = await createTestDatabase(serverUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'outpilot-bench-'));
  const cleanUp = async () => {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      CLOCK: 'system',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SANDBOX_SIZE: '300',
    });
    const app = await buildServer(config, { engineBackground: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      app,
      config,
      async close() {
        await app.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
}
