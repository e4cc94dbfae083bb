import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureInitialBundle } from './web-bundle-size.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const webDist = path.join(repositoryRoot, 'apps/web/dist');
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const initialBundle = await measureInitialBundle(webDist);
const targetBytes = 250 * 1024;
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
