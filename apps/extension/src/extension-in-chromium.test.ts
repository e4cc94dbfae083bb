import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type LinkedInStandIn, startLinkedInStandIn } from '@outpilot/agent/testing';
import { apiBasePath, apiPaths, type ClientConfig, extensionMarkAttribute } from '@outpilot/contracts';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const extensionRoot = new URL('..', import.meta.url).pathname;

/** A page of "the app" on localhost with the client configuration the background reads first. */
async function startApp(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    if (request.url === `${apiBasePath}${apiPaths.clientConfig}`) {
      const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
      const config: ClientConfig = {
        version: '1.0.0',
        network: 'linkedin',
        inPageAgentEnabled: false,
        apiBaseUrl: `${origin}${apiBasePath}`,
        automationBaseUrl: `${origin}/automation/v1`,
        sandboxBaseUrl: null,
        extensionStoreUrl: 'https://chromewebstore.google.com/detail/outpilot/outpilot-extension',
        minimumExtensionVersion: '0.1.0',
        supportEmail: 'support@outpilot.example',
        helpCenterUrl: `${origin}/help`,
        termsUrl: `${origin}/terms`,
        privacyUrl: `${origin}/privacy`,
        crmBetaList: 'any',
      };
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(config));
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    // The page's first script notes whether the extension had marked the page by then.
    response.end(
      `<!doctype html><title>Outpilot</title><script>window.markedAtFirstScript = document.documentElement.hasAttribute('${extensionMarkAttribute}')</script><h1>App</h1>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

/** One bridge request from the page, as the web app's window transport sends it; null when nothing answers. */
function ask(page: Page, message: Record<string, unknown>, timeoutMs = 10_000) {
  return page.evaluate(
    ({ message, timeoutMs }) =>
      new Promise<unknown>((resolve) => {
        const correlationId = crypto.randomUUID();
        const timer = setTimeout(() => resolve(null), timeoutMs);
        window.addEventListener('message', (event) => {
          const data = event.data as { kind?: string; metadata?: { correlationId?: string } };
          if (data?.kind === 'response' && data.metadata?.correlationId === correlationId) {
            clearTimeout(timer);
            resolve(data);
          }
        });
        window.postMessage(
          {
            channel: 'outpilot-bridge',
            kind: 'request',
            metadata: { correlationId },
            payload: {},
            ...message,
          },
          window.location.origin,
        );
      }),
    { message, timeoutMs },
  );
}

describe('the built extension in Chromium', () => {
  let standIn: LinkedInStandIn;
  let app: { server: Server; origin: string };
  let context: BrowserContext;
  let outDir: string;
  let profileDir: string;
  let page: Page;

  beforeAll(async () => {
    standIn = await startLinkedInStandIn();
    app = await startApp();
    outDir = await mkdtemp(join(tmpdir(), 'outpilot-extension-'));
    profileDir = await mkdtemp(join(tmpdir(), 'outpilot-chromium-'));
    // The extension is built for the app on localhost and a network at the stand-in's address.
    await run('npx', ['wxt', 'build'], {
      cwd: extensionRoot,
      env: {
        ...process.env,
        OUTPILOT_APP_ORIGINS: 'http://localhost',
        OUTPILOT_NETWORK_URL: standIn.url,
        OUTPILOT_EXTENSION_OUT_DIR: outDir,
      },
    });
    const unpacked = join(outDir, 'chrome-mv3');
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
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
    // The browser is signed in to "LinkedIn": the stand-in's session cookies.
    await context.addCookies(
      [...standIn.cookies].map(([name, value]) => ({ name, value, url: standIn.url })),
    );
    if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
    page = await context.newPage();
    await page.goto(`${app.origin}/`);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await standIn?.close();
    await new Promise((resolve) => app?.server.close(resolve));
    await rm(outDir, { recursive: true, force: true });
    await rm(profileDir, { recursive: true, force: true });
  });

  it('loads as a Manifest V3 service worker with least-privilege host access', async () => {
    const worker = context.serviceWorkers()[0];
    expect(worker?.url()).toMatch(/^chrome-extension:\/\/[a-p]{32}\/background\.js$/);
    type Manifest = { manifest_version: number; host_permissions: string[]; permissions: string[] };
    type WithChrome = { chrome: { runtime: { getManifest(): Manifest } } };
    const manifest = await worker?.evaluate(() =>
      (globalThis as unknown as WithChrome).chrome.runtime.getManifest(),
    );
    expect(manifest?.manifest_version).toBe(3);
    expect(manifest?.host_permissions).toEqual([
      `${new URL(standIn.url).protocol}//127.0.0.1/*`,
      'http://localhost/*',
    ]);
    expect(manifest?.permissions).toEqual(['storage', 'cookies']);
  });

  it("answers the app's version message through the content script", async () => {
    expect(await ask(page, { target: 'system', command: 'getVersion' })).toMatchObject({
      ok: true,
      result: { version: '0.1.0' },
    });
  });

  it('reads the member the browser is signed in to LinkedIn as, through the LinkedIn adapter', async () => {
    expect(await ask(page, { target: 'network', command: 'getMyProfile' })).toMatchObject({
      ok: true,
      result: { firstName: 'Mia', lastName: 'Self', publicIdentifier: 'me-myself-000000' },
    });
    const call = standIn.requests.find((request) => request.url === '/voyager/api/me');
    // The browser sent the session cookie; the adapter added the csrf-token from JSESSIONID.
    expect(call?.headers.cookie).toContain('li_at=');
    expect(call?.headers['csrf-token']).toBe(standIn.cookies.get('JSESSIONID')?.replace(/"/g, ''));
  });

  it('refuses a message of an unknown shape and answers an unknown command with BadRequest', async () => {
    expect(await ask(page, { target: 'nowhere', command: 'x' }, 1_500)).toBeNull();
    expect(await ask(page, { target: 'system', command: 'selfDestruct' })).toMatchObject({
      ok: false,
      error: { name: 'BadRequest' },
    });
  });

  it("marks the app's page before the page's first script runs, so the app need not wait to know", async () => {
    const marked = () => (window as unknown as { markedAtFirstScript: boolean }).markedAtFirstScript;
    expect(await page.evaluate(marked)).toBe(true);
  });

  it('does not answer pages of other origins, nor mark them', async () => {
    const other = await context.newPage();
    await other.goto(`http://127.0.0.1:${new URL(app.origin).port}/`);
    expect(await ask(other, { target: 'system', command: 'getVersion' }, 1_500)).toBeNull();
    const marked = () => (window as unknown as { markedAtFirstScript: boolean }).markedAtFirstScript;
    expect(await other.evaluate(marked)).toBe(false);
    await other.close();
  });
});
