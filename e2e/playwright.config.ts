import { defineConfig } from '@playwright/test';
import { e2eServerUrl } from './support/e2e-server-url.ts';

// Browser tests drive the built app in Debian's Chromium (browser downloads fail on this machine).
// No retries: a flaky journey must show, not hide.

// These journeys move the virtual-clock server's one clock, so they run one after another; every
// other journey makes its own account on a server whose clock is real, so it may run beside them.
const virtualClockJourneys = [
  'billing.spec.ts',
  'campaign-contacts.spec.ts',
  'local-runner.spec.ts',
  'messaging.spec.ts',
  'team-session.spec.ts',
];

// The NETWORK=linkedin server's journeys (the extension's LinkedIn adapter) share that server's
// virtual clock, so they too run one after another, beside the others.
const linkedInJourneys = ['extension-linkedin.spec.ts', 'extension-sandbox-linkedin.spec.ts'];

export default defineConfig({
  testDir: './journeys',
  fullyParallel: false,
  // Two workers: journeys mostly wait on the browser and the servers, so a second one roughly
  // halves the run on a 2-core machine (CI's 20 minutes).
  workers: 2,
  projects: [
    { name: 'virtual-clock', testMatch: virtualClockJourneys, workers: 1 },
    { name: 'linkedin', testMatch: linkedInJourneys, workers: 1 },
    // Each real-clock journey makes its own account: they spread over the workers test by test, so a
    // long file (contacts, narrow screens) no longer runs alone at the end while a worker waits.
    {
      name: 'real-clock',
      testIgnore: [...virtualClockJourneys, ...linkedInJourneys],
      fullyParallel: true,
    },
  ],
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: e2eServerUrl,
    // A failed journey keeps its DOM snapshots and network log; the screencast is left out, as its
    // frames cost the two cores of CI a browser's worth of work while every journey runs.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The three servers (real clock, virtual clock, NETWORK=linkedin) start side by side in one
  // command: as three entries Playwright started them one after another.
  webServer: {
    command: 'npx tsx e2e/support/start-e2e-servers.ts',
    cwd: '..',
    url: `${e2eServerUrl}/api/v1/health`,
    wait: { stdout: /Outpilot e2e servers ready/ },
    reuseExistingServer: false,
    // Minutes on a loaded machine (three servers loading TypeScript and migrating at once).
    timeout: 420_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
