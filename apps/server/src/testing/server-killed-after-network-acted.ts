import { writeSync } from 'node:fs';
import { createActivityRunner } from '@outpilot/agent';
import { buildServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createInProcessAutomation, createSandboxNetworks } from '../engine/cloud-runner.ts';

/**
 * Test support, run as a child process by server-killed-after-network-acted.test.ts: the server
 * (on the DATA_DIR or DATABASE_URL of its environment, virtual clock) with its runner in process,
 * as the cloud runner is. When the sandbox network has answered the watched call (a message, an
 * invitation), it prints "acted" and freezes before the runner can read the answer or report it,
 * so the test can SIGKILL the whole server at the worst moment.
 */
const { personaId, watchedPath } = JSON.parse(process.argv[2] ?? '{}') as {
  personaId: string;
  watchedPath: string;
};

const app = await buildServer(loadConfig(process.env));
app.server.on('request', (request, response) => {
  if (request.method !== 'POST' || !request.url?.startsWith(watchedPath)) return;
  response.on('finish', () => {
    if (response.statusCode >= 300) return;
    writeSync(1, 'acted\n');
    // Nothing more runs in this process: the answer is on the wire, the runner never sees it.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  });
});
await app.listen({ port: app.config.port, host: '127.0.0.1' });

const runner = createActivityRunner({
  automation: createInProcessAutomation(app, () => [personaId]),
  network: createSandboxNetworks({ db: app.db, clock: app.clock, publicUrl: app.config.publicUrl }),
  runnerId: 'killed-with-the-server',
  personaIds: [personaId],
  clock: app.clock,
  syncIntervalMs: Number.POSITIVE_INFINITY,
});
const round = await runner.runOnce();
writeSync(1, `finished without acting: ${JSON.stringify(round)}\n`);
process.exit(1);
