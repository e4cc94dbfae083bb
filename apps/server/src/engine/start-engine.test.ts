import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVirtualClock } from '@outpilot/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { activities } from '../db/schema.ts';
import { dueAllAt, engineUser, monday8am, runningCampaign } from '../testing/engine-test-kit.ts';

describe('engine background systems', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('start with the server, expire leases in the background and stop cleanly on close', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'outpilot-engine-'));
    dirs.push(dataDir);
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      SANDBOX_SIZE: '300',
    });
    const clock = createVirtualClock(monday8am);
    const app = await buildServer(config, { clock, engineBackground: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const server = { app, db: app.db, clock, url: '', config } as unknown as Parameters<
        typeof engineUser
      >[0];
      const user = await engineUser(server, {});
      await runningCampaign(server, user, { steps: [{ type: 'Follow', timeout: 1440 }], contacts: 1 });
      await dueAllAt(server, user.personaId, clock.now());
      await app.db.update(activities).set({ state: 'claimed', attempt: 1, leaseExpiresAt: clock.now() });
      // The sweep runs every 15 s by default; wait for one.
      const deadline = Date.now() + 20_000;
      let state = 'claimed';
      while (state === 'claimed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        state = (await app.db.select({ state: activities.state }).from(activities))[0]?.state ?? '';
      }
      expect(state).toBe('queued');
    } finally {
      await app.close();
    }
  }, 40_000);
});
