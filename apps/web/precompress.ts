import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it adds. */
const minimumBytes = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file of `dir`, so the server sends them as they are instead of compressing on each request.
 * Answers the files it compressed, relative to `dir`.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const done: string[] = [];
  for (const entry of entries) {
    const file = path.join(dir, entry);
    if (!compressible.test(entry) || (await stat(file)).size < minimumBytes) continue;
    const bytes = await readFile(file);
    await writeFile(
      `${file}.br`,
      await brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    await writeFile(`${file}.gz`, await gzipAsync(bytes, { level: 9 }));
    done.push(entry);
  }
  return done;
}

/** Vite plugin: precompresses the build's output once it is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'outpilot:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
