import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, migrationsFolder } from '../db/create-database.ts';

/** Names the template after the migrations it holds, so a new migration makes a new one. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data directory as a tarball, built once per migrations digest and kept in
 * the temp directory, so every test server (each test file runs in its own module scope) loads it
 * in about a second instead of running initdb and the migrations in about six.
 */
export async function migratedPgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `outpilot-pglite-template-${await migrationsDigest()}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'outpilot-template-'));
  try {
    const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const dump = await handle.dumpDataDir?.();
      if (!dump) throw new Error('PGlite could not dump its data directory');
      const bytes = Buffer.from(await dump.arrayBuffer());
      // Written under a unique name and renamed: parallel workers never read a half-written file.
      const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return new Blob([bytes]);
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
