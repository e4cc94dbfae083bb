import { readFileSync } from 'node:fs';
import { createAccount, createContacts, issueTestSession, startTestServer } from '@outpilot/server/testing';
import puppeteer from 'puppeteer-core';

const server = await startTestServer({ env: { WEB_DIST_DIR: process.env.DIST ?? '/work/main/apps/web/dist' } });
const account = await createAccount(server.db, { onboarded: true });
await createContacts(server.db, account.personaId, 1_000);
const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const tokens = await issueTestSession(server.app, account);
const page = await browser.newPage();
await page.setViewport({ width: 412, height: 823 });
await page.goto(`${server.url}/api/v1/health`);
await page.evaluate((v) => localStorage.setItem('outpilot.agent.tokens', v), JSON.stringify(tokens));
await page.tracing.start({ path: '/tmp/zz/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'netlog'] });
await page.goto(`${server.url}/contacts`);
await page.waitForFunction(() => document.querySelectorAll('tbody tr').length >= 25, { timeout: 60000 });
await new Promise((r) => setTimeout(r, 1000));
await page.tracing.stop();
await browser.close();
await server.close();
type Ev = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: any; cat: string };
const { traceEvents } = JSON.parse(readFileSync('/tmp/zz/trace.json', 'utf8')) as { traceEvents: Ev[] };
const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('/contacts'))!;
const mainTid = traceEvents.find((e) => e.name === 'TracingStartedInBrowser') ? nav.tid : nav.tid;
const t = (ts: number) => ((ts - nav.ts) / 1000).toFixed(0).padStart(6);
const lcp = traceEvents.filter((e) => e.name.startsWith('largestContentfulPaint::Candidate'));
for (const e of lcp) console.log('LCP', t(e.ts), JSON.stringify(e.args?.data ?? {}).slice(0, 200));
const events = traceEvents.filter((e) => e.pid === nav.pid && e.tid === mainTid && e.ts >= nav.ts && e.ph === 'X' && (e.dur ?? 0) > 3000);
const interesting = new Set(['RunTask', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch', 'v8.compile', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.evaluateModule', 'FireAnimationFrame', 'RunMicrotasks', 'XHRReadyStateChange', 'ResourceReceiveResponse', 'GCEvent', 'MajorGC', 'MinorGC']);
for (const e of events.sort((a, b) => a.ts - b.ts)) {
  if (!interesting.has(e.name)) continue;
  const d = e.args?.data ?? {};
  console.log(t(e.ts), ((e.dur ?? 0) / 1000).toFixed(0).padStart(5), e.name, (d.url ?? d.functionName ?? d.type ?? '').toString().split('/').pop()?.slice(0, 60), d.lineNumber ?? '');
}
const sends = traceEvents.filter((e) => e.name === 'ResourceSendRequest' && e.ts >= nav.ts);
for (const e of sends) console.log('REQ', t(e.ts), e.args.data.url.split('/').slice(3).join('/').slice(0, 80));
