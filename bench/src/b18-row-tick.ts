import { createAccount, createContacts, issueTestSession, startTestServer } from '@outpilot/server/testing';
import puppeteer from 'puppeteer-core';
import { heading, printScenario } from './lib/report.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The in-page agent keeps the product's tokens under this localStorage key (packages/agent storage).
const tokensStorageKey = 'outpilot.agent.tokens';
const ticks = 15;

/**
 * Run in the page (a string: this package has no DOM types). The row's class changes in React's
 * commit; the user sees it in the frame after.
 */
const tickRow = (index: number) => `new Promise((resolve) => {
  const row = document.querySelector('tbody tr[data-row-index="${index}"]');
  const box = row.querySelector('input[type="checkbox"]');
  const start = performance.now();
  const observer = new MutationObserver(() => {
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
  });
  observer.observe(row, { attributes: true, attributeFilter: ['class'] });
  box.click();
})`;

/**
 * B18: how long a user waits when ticking a row of /contacts on a slow phone: Chromium at 4× CPU,
 * a page of 25 rows, the time from the checkbox's click to the frame after the row shows it
 * selected. Each tick is another row.
 */
export async function benchRowTick(): Promise<void> {
  heading(`B18 ticking a row of /contacts, 25 rows, Chromium at 4× CPU (${ticks} ticks)`);
  const server = await startTestServer();
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--headless=new'],
  });
  try {
    const account = await createAccount(server.db, { onboarded: true });
    await createContacts(server.db, account.personaId, 100);
    const tokens = await issueTestSession(server.app, account);
    const page = await browser.newPage();
    await page.setViewport({ width: 1440, height: 900 });
    await page.goto(`${server.url}/api/v1/health`);
    await page.evaluate(
      (key, value) => localStorage.setItem(key, value),
      tokensStorageKey,
      JSON.stringify(tokens),
    );
    await page.goto(`${server.url}/contacts`);
    await page.waitForSelector(
      'table[aria-label="Contacts"]:not([aria-busy="true"]) tbody tr[data-row-index="24"]',
    );
    // The screen's own follow-up requests and effects (the agent polls, so the network never idles).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const waits: number[] = [];
    for (let tick = 0; tick < ticks; tick += 1) {
      waits.push(Number(await page.evaluate(tickRow(tick % 25))));
    }
    printScenario({
      name: 'click to the frame that shows the row ticked',
      ours: { runs: waits, unit: 'ms', digits: 0 },
      target: 'informative',
      met: null,
    });
  } finally {
    await browser.close();
    await server.close();
  }
}
