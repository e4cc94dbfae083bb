import { type ChildProcess, spawn } from 'node:child_process';
import { e2eLinkedInServerUrl, e2eServerUrl, e2eVirtualClockServerUrl } from './e2e-server-url.ts';

/**
 * Starts the journeys' three servers side by side (Playwright starts its webServer entries one
 * after another, each a few seconds of TypeScript loading and migrations, minutes on a loaded
 * machine), then says so on stdout: the config waits for that line. Each server is its own
 * process, as before, so one's clock or sandbox never touches another's.
 */
const servers: { name: string; env: Record<string, string>; url: string }[] = [
  { name: 'real-clock', env: {}, url: e2eServerUrl },
  { name: 'virtual-clock', env: { E2E_SERVER: 'virtual-clock' }, url: e2eVirtualClockServerUrl },
  { name: 'linkedin', env: { E2E_SERVER: 'linkedin' }, url: e2eLinkedInServerUrl },
];
const readyLine = 'Outpilot e2e servers ready';

const children: ChildProcess[] = servers.map(({ env }) =>
  spawn(process.execPath, ['--import', 'tsx', 'e2e/support/start-e2e-server.ts'], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  }),
);

let stopping = false;
const stopAll = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
    ),
  ).then(() => process.exit(code));
};
// One server gone: the journeys cannot run, so the others stop too and the run fails at once.
for (const [index, child] of children.entries()) {
  child.once('exit', (code) => {
    if (!stopping) {
      console.error(`The ${servers[index]?.name} e2e server stopped (exit code ${code})`);
      stopAll(1);
    }
  });
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

async function healthy(url: string) {
  for (;;) {
    if (stopping) return;
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
await Promise.all(servers.map(({ url }) => healthy(url)));
if (!stopping) console.log(readyLine);
