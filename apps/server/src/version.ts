import { readFileSync } from 'node:fs';

const packageJson: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The server's version, from its package.json. */
export const serverVersion =
  typeof packageJson === 'object' && packageJson !== null && 'version' in packageJson
    ? String(packageJson.version)
    : '0.0.0';
