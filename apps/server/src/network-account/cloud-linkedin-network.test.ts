import type { LinkedInNetworkClient } from '@outpilot/agent';
import { type LinkedInStandIn, startLinkedInStandIn } from '@outpilot/agent/testing';
import { cloudAutomationPaths } from '@outpilot/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callApi,
  signInNewAccount,
  startTestServer,
  subscribeToPlan,
  type TestServer,
  testBackends,
} from '../testing/index.ts';
import { startTunnelProxy } from '../testing/tunnel-proxy.ts';
import { createCloudLinkedInNetworks } from './cloud-linkedin-network.ts';

describe.each(testBackends())('the cloud runner’s LinkedIn on $name', ({ databaseUrl }) => {
  let standIn: LinkedInStandIn;
  let proxy: Awaited<ReturnType<typeof startTunnelProxy>>;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startLinkedInStandIn();
    proxy = await startTunnelProxy();
    server = await startTestServer({
      ...(databaseUrl ? { databaseUrl } : {}),
      env: {
        NETWORK: 'linkedin',
        LINKEDIN_URL: standIn.url,
        SESSION_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        CLOUD_PROXIES: JSON.stringify([
          { country_code: 'AT', city_name: 'Vienna', ip_address: '127.0.0.1', url: proxy.url },
        ]),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
    await standIn?.close();
  });

  it('calls LinkedIn with the handed-over session, only through the proxy of the user’s country', async () => {
    const networks = createCloudLinkedInNetworks({
      db: server.db,
      clock: server.clock,
      config: server.config,
    });
    const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
    await expect(networks(account.personaId)).rejects.toMatchObject({ name: 'NotAuthenticated' });
    expect(proxy.tunnels).toEqual([]);

    await subscribeToPlan(server.db, account.personaId, 'pro', server.clock);
    const stored = await callApi(server.url, 'PUT', cloudAutomationPaths.networkSession, token, {
      consent: true,
      country_code: 'AT',
      cookies: { li_at: standIn.cookies.get('li_at'), JSESSIONID: standIn.cookies.get('JSESSIONID') },
    });
    expect(stored.status).toBe(200);

    const client = (await networks(account.personaId)) as LinkedInNetworkClient;
    expect((await client.getMyProfile())?.firstName).toBe('Mia');
    const standInHost = new URL(standIn.url).host;
    // Every request LinkedIn received came through the proxy.
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    expect(proxy.tunnels.length).toBe(standIn.requests.length);
    expect(new Set(proxy.tunnels)).toEqual(new Set([standInHost]));
    // The session reached LinkedIn as the browser's cookies do.
    const last = standIn.requests.at(-1);
    expect(last?.headers.cookie).toContain(`li_at=${standIn.cookies.get('li_at')}`);
    expect(await networks(account.personaId)).toBe(client);
  });
});
