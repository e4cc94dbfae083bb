import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type BrowserContext, chromium } from '@playwright/test';

const extensionRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/extension');

export type ExtensionBrowser = { context: BrowserContext; close(): Promise<void> };

/**
 * Chromium with the built extension loaded (stack.md: launchPersistentContext with
 * --load-extension), the extension built for the given app origin (and network, LinkedIn by default). Extensions need a persistent
 * profile, so journeys using it open their own context instead of Playwright's `page` fixture.
 */
export async function launchWithExtension(appOrigin: string, networkUrl?: string): Promise<ExtensionBrowser> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'outpilot-e2e-extension-'));
  const profileDir = await mkdtemp(path.join(tmpdir(), 'outpilot-e2e-profile-'));
  await promisify(execFile)('npx', ['wxt', 'build'], {
    cwd: extensionRoot,
    env: {
      ...process.env,
      OUTPILOT_APP_ORIGINS: appOrigin,
      OUTPILOT_EXTENSION_OUT_DIR: outDir,
      ...(networkUrl ? { OUTPILOT_NETWORK_URL: networkUrl } : {}),
    },
  });
  const unpacked = path.join(outDir, 'chrome-mv3');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    baseURL: appOrigin,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${unpacked}`,
      `--load-extension=${unpacked}`,
    ],
  });
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
  return {
    context,
    async close() {
      await context.close();
      await rm(outDir, { recursive: true, force: true });
      await rm(profileDir, { recursive: true, force: true });
    },
  };
}
