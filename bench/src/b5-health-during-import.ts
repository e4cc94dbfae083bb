import { importsPaths } from '@outpilot/contracts';
import { signInNewAccount, startTestServer } from '@outpilot/server/testing';
import { makeContactsCsv } from './b5-import.ts';
import { count, runs, serverUrl, small } from './lib/env.ts';
import { heading, printScenario } from './lib/report.ts';
import { timed } from './lib/stats.ts';

/**
 * B5e: does a big contact file stop the server answering others? One signed-in user uploads the
 * file over HTTP while another client asks GET health one request after the other; the figure is
 * the longest a health check waited during the upload (parse in a worker thread, store, commit).
 */
export async function benchHealthDuringImport(): Promise<void> {
  const rows = small ? 20_000 : 100_000;
  const file = makeContactsCsv(rows);
  heading(`B5e health checks during an HTTP upload of ${count(rows)} CSV rows (PostgreSQL)`);
  const server = await startTestServer({ databaseUrl: serverUrl });
  try {
    const longest: number[] = [];
    const uploadMs: number[] = [];
    let checks = 0;
    for (let run = 0; run < runs; run += 1) {
      const { token } = await signInNewAccount(server);
      let uploading = true;
      const uploadStarted = performance.now();
      const upload = fetch(`${server.url}/api/v1${importsPaths.csv}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: file.bytes,
      }).finally(() => {
        uploading = false;
        uploadMs.push(performance.now() - uploadStarted);
      });
      let worst = 0;
      while (uploading) {
        const { ms, value } = await timed(() => fetch(`${server.url}/api/v1/health`));
        if (value.status !== 200) throw new Error(`B5e: health answered ${value.status}`);
        await value.arrayBuffer();
        worst = Math.max(worst, ms);
        checks += 1;
      }
      const answer = await upload;
      if (answer.status !== 200)
        throw new Error(`B5e: the upload answered ${answer.status}: ${await answer.text()}`);
      longest.push(worst);
    }
    console.log(`  ${count(checks)} health checks in ${runs} uploads`);
    printScenario({
      name: 'B5e longest health-check wait while a file is imported',
      ours: { runs: longest, unit: 'ms' },
      target: '< 100 ms',
      met: Math.max(...longest) < 100,
    });
    // The same checks for as long, with no upload: what the host alone costs. On a machine shared
    // with other work the longest wait of an idle server is far from 0, and the figure above
    // cannot be read without it.
    const idle: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const until = performance.now() + (uploadMs[run] ?? 0);
      let worst = 0;
      while (performance.now() < until) {
        const { ms, value } = await timed(() => fetch(`${server.url}/api/v1/health`));
        await value.arrayBuffer();
        worst = Math.max(worst, ms);
      }
      idle.push(worst);
    }
    printScenario({
      name: 'B5e floor: longest wait of the same checks with no upload, as long',
      ours: { runs: idle, unit: 'ms' },
      target: 'informative',
      met: null,
    });
  } finally {
    await server.close();
  }
}
