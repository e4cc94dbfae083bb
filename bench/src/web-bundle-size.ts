import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type InitialBundle = {
  files: { file: string; rawBytes: number; gzipBytes: number }[];
  gzipBytes: number;
};

/**
 * The JavaScript a browser loads before the first screen: the entry script of index.html and
 * every chunk it preloads. Lazily loaded routes are not counted.
 */
export async function measureInitialBundle(distDir: string): Promise<InitialBundle> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const references = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const files = await Promise.all(
    [...new Set(references)].map(async (reference) => {
      const content = await readFile(path.join(distDir, reference.replace(/^\//, '')));
      return { file: reference, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    }),
  );
  if (files.length === 0) throw new Error(`No entry script found in ${distDir}/index.html`);
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}
