import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchCampaigns } from './b-campaigns.ts';
import { benchLists } from './b-lists.ts';
import { benchClaims } from './b1-b4-claims.ts';
import { benchLatency } from './b2-b3-latency.ts';
import { benchHealthDuringImport } from './b5-health-during-import.ts';
import { benchImport } from './b5-import.ts';
import { benchLinkedInImport } from './b13-linkedin-import.ts';
import { benchActivitiesQueue } from './b15-activities-queue.ts';
import { benchInbox } from './b16-inbox.ts';
import { benchLighthouse } from './b17-lighthouse.ts';
import { benchRowTick } from './b18-row-tick.ts';
import { small } from './lib/env.ts';
import { measureInitialBundle } from './web-bundle-size.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.join(repositoryRoot, 'apps/web/dist');
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const only = process.env.BENCH_ONLY?.split(',') ?? null;
const wanted = (name: string) => only === null || only.includes(name);
const started = performance.now();

console.log(
  `Outpilot benchmarks (${small ? 'BENCH_SCALE=small' : 'full scale'}); figures: median [range] of 3 runs`,
);

if (wanted('B0')) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    console.error('apps/web/dist is missing: run `npm run build` first.');
    process.exit(1);
  }
  const initialBundle = await measureInitialBundle(webDist);
  // Issue 26: the JavaScript before the first screen <= 150 kB gzip.
  const targetBytes = 150 * 1024;
  console.log('');
  console.log('B0 web app: JavaScript loaded before the first screen (gzip -9)');
  for (const file of initialBundle.files) {
    console.log(
      `  ${file.file.padEnd(48)} ${kilobytes(file.rawBytes).padStart(10)} raw ${kilobytes(file.gzipBytes).padStart(10)} gzip`,
    );
  }
  console.log(
    `  total ${kilobytes(initialBundle.gzipBytes)} gzip; target under ${kilobytes(targetBytes)}: ${
      initialBundle.gzipBytes <= targetBytes ? 'met' : 'NOT met'
    }`,
  );
}

if (wanted('B5')) await benchImport();
if (wanted('B5') || wanted('B5e')) await benchHealthDuringImport();
if (wanted('B7')) await benchLists();
if (wanted('B11') || wanted('B12') || wanted('B14')) await benchCampaigns();
if (wanted('B15')) await benchActivitiesQueue();
if (wanted('B16')) await benchInbox();

if (wanted('B13')) await benchLinkedInImport();
if (wanted('B17')) await benchLighthouse();
if (wanted('B18')) await benchRowTick();

if (wanted('B1') || wanted('B4')) await benchClaims({ b1: wanted('B1'), b4: wanted('B4') });
if (wanted('B2') || wanted('B3')) await benchLatency({ b2: wanted('B2'), b3: wanted('B3') });
console.log(`\nTotal bench time ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
