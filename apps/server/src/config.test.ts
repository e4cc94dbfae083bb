import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outpilot-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('serves the embedded mode by default', async () => {
    const dataDir = await tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir,
      databaseUrl: undefined,
      network: 'sandbox',
      sandboxSeed: 42,
      sandboxSize: 3000,
      sandboxFaultRate: 0,
      clock: 'system',
      enableTestEndpoints: false,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      bodyLimitBytes: 1024 * 1024,
      downloadIdleTimeoutMs: 60_000,
    });
    expect(config.oidc).toMatchObject({
      mode: 'embedded',
      issuer: 'http://localhost:3000/oidc',
      clientId: 'outpilot-web',
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(config.hubspot).toMatchObject({
      mode: 'embedded',
      apiUrl: 'http://localhost:3000/sandbox-hubspot',
    });
    expect(config.hubspot.accessToken).toMatch(/^pat-sandbox-/);
    expect(config.crmBetaList).toBe('any');
  });

  it('generates the auth secret once and keeps it in DATA_DIR', async () => {
    const dataDir = await tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it('lists every bad variable', async () => {
    const dataDir = await tempDir();
    const load = () =>
      loadConfig({
        DATA_DIR: dataDir,
        PORT: 'eighty',
        NETWORK: 'myspace',
        AUTH_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        OIDC_ISSUER: 'https://accounts.google.com',
        SANDBOX_FAULT_RATE: '1.5',
        HUBSPOT_API_URL: 'https://api.hubapi.com',
      });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'PORT',
        'NETWORK',
        'AUTH_SECRET',
        'DATABASE_URL',
        'OIDC_CLIENT_ID',
        'SANDBOX_FAULT_RATE',
        'HUBSPOT_ACCESS_TOKEN',
      ]) {
        expect(message).toContain(name);
      }
    }
  });

  it('tells the agents a sync interval only when AGENT_SYNC_INTERVAL_MS is set, and refuses a bad one', async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).agentSyncIntervalMs).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, AGENT_SYNC_INTERVAL_MS: '' }).agentSyncIntervalMs).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, AGENT_SYNC_INTERVAL_MS: '5000' }).agentSyncIntervalMs).toBe(5000);
    for (const bad of ['fast', '999', '3600001', '1.5']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, AGENT_SYNC_INTERVAL_MS: bad })).toThrow(
        /AGENT_SYNC_INTERVAL_MS/,
      );
    }
  });

  it('reads Stripe, the session key and the cloud proxies, and refuses them malformed', async () => {
    const dataDir = await tempDir();
    const key = Buffer.alloc(32, 1).toString('base64');
    const proxy = {
      country_code: 'DE',
      city_name: 'Berlin',
      ip_address: '203.0.113.7',
      url: 'http://p:3128',
    };
    const config = loadConfig({
      DATA_DIR: dataDir,
      PAYMENTS_API_URL: 'https://api.stripe.com/',
      PAYMENTS_SECRET_KEY: 'sk_live_x',
      PAYMENTS_WEBHOOK_SECRET: 'whsec_x',
      SESSION_ENCRYPTION_KEY: key,
      CLOUD_PROXIES: JSON.stringify([proxy]),
    });
    expect(config.payments).toMatchObject({ mode: 'external', apiUrl: 'https://api.stripe.com' });
    expect(config.cloudAutomation.sessionKey?.length).toBe(32);
    expect(config.cloudAutomation.proxies).toEqual([proxy]);

    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(
      bad({
        PAYMENTS_API_URL: 'https://api.stripe.com/v1',
        PAYMENTS_SECRET_KEY: 'sk',
        PAYMENTS_WEBHOOK_SECRET: 'wh',
      }),
    ).toThrow(/PAYMENTS_API_URL: must be an origin without a path/);
    expect(bad({ SESSION_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /SESSION_ENCRYPTION_KEY/,
    );
    expect(bad({ CLOUD_PROXIES: '[{' })).toThrow(/CLOUD_PROXIES: must be JSON/);
    expect(bad({ CLOUD_PROXIES: JSON.stringify([{ ...proxy, country_code: 'Germany' }]) })).toThrow(
      /CLOUD_PROXIES/,
    );
  });

  it('accepts a unix-socket PostgreSQL URL and an external identity provider', async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      DATABASE_URL: 'postgres://root@/outpilot?host=/var/run/postgresql',
      OIDC_ISSUER: 'https://accounts.google.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
      AUTH_SECRET: 'x'.repeat(32),
      CLOCK: 'virtual',
      VIRTUAL_CLOCK_START: '2025-01-06T08:00:00.000Z',
      ENABLE_TEST_ENDPOINTS: 'true',
      PUBLIC_URL: 'https://outpilot.example/',
      HUBSPOT_API_URL: 'https://api.hubapi.com/',
      HUBSPOT_ACCESS_TOKEN: 'pat-na1-secret',
      CRM_BETA_LIST: ' team-1 ,persona-2,, ',
    });
    expect(config.hubspot).toEqual({
      mode: 'external',
      apiUrl: 'https://api.hubapi.com',
      accessToken: 'pat-na1-secret',
    });
    expect(config.crmBetaList).toEqual(['team-1', 'persona-2']);
    expect(config.databaseUrl).toBe('postgres://root@/outpilot?host=/var/run/postgresql');
    expect(config.oidc).toEqual({
      mode: 'external',
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(config.publicUrl).toBe('https://outpilot.example');
    expect(config.virtualClockStart?.toISOString()).toBe('2025-01-06T08:00:00.000Z');
    expect(config.enableTestEndpoints).toBe(true);
  });
});
