import {
  billingMessages,
  cloudAutomationMessages,
  cloudAutomationPaths,
  workspacePaths,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { networkSessions } from '../db/schema.ts';
import { openSession } from '../network-account/network-session.ts';
import { callApi, signInNewAccount, subscribeToPlan, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

async function answer(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const body: any = await response.json();
  return { status: response.status, body };
}

const sessionKey = Buffer.alloc(32, 7).toString('base64');
const berlin = {
  country_code: 'DE',
  city_name: 'Berlin',
  ip_address: '203.0.113.7',
  url: 'http://u:p@203.0.113.7:3128',
};
const cookies = { li_at: 'AQEDAS-secret-session', JSESSIONID: '"ajax:123456789"' };

describe.each(testBackends())('automation mode on $name', ({ databaseUrl }) => {
  describe('with the sandbox network', () => {
    const server = testServerForSuite(databaseUrl);
    const call = async (method: string, path: string, token: string, body?: unknown) =>
      answer(await callApi(server.url, method, path, token, body));

    it('lets Pro switch to the cloud and back; the server refuses the cloud without Pro', async () => {
      const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
      const trial = await call('PUT', cloudAutomationPaths.updateAutomationMode, token, { is_cloud: true });
      expect(trial).toMatchObject({ status: 403, body: { message: billingMessages.upgradeToPro } });
      expect(
        (await call('PUT', cloudAutomationPaths.updateAutomationMode, token, { is_cloud: false })).status,
      ).toBe(200);

      await subscribeToPlan(server.db, account.personaId, 'basic', server.clock);
      const basic = await call('PUT', cloudAutomationPaths.updateAutomationMode, token, { is_cloud: true });
      expect(basic).toMatchObject({ status: 403, body: { message: billingMessages.upgradeToPro } });
      expect((await call('GET', workspacePaths.automationMode, token)).body.is_cloud).toBe(false);

      const pro = await signInNewAccount(server, { onboarded: true, clock: server.clock });
      await subscribeToPlan(server.db, pro.account.personaId, 'pro', server.clock);
      const cloud = await call('PUT', cloudAutomationPaths.updateAutomationMode, pro.token, {
        is_cloud: true,
      });
      // The sandbox runs in process: no outside address to show.
      expect(cloud).toEqual({
        status: 200,
        body: { is_cloud: true, city_name: null, country_code: null, ip_address: null },
      });
      expect((await call('GET', '/profile', pro.token)).body.isBackendAutomation).toBe(true);
      const local = await call('PUT', cloudAutomationPaths.updateAutomationMode, pro.token, {
        is_cloud: false,
      });
      expect(local.body).toMatchObject({ is_cloud: false, ip_address: expect.any(String) });
      expect((await call('GET', '/profile', pro.token)).body.isBackendAutomation).toBe(false);
    });

    it('refuses a mode that is not a boolean and unknown fields', async () => {
      const { token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
      const path = cloudAutomationPaths.updateAutomationMode;
      expect((await call('PUT', path, token, { is_cloud: 'yes' })).status).toBe(422);
      const unknown = await call('PUT', path, token, { is_cloud: false, proxy: 'mine' });
      expect(unknown.status).toBe(422);
      expect(JSON.stringify(unknown.body)).toContain('proxy');
    });

    it('refuses a session hand-over where no key is configured', async () => {
      const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
      await subscribeToPlan(server.db, account.personaId, 'pro', server.clock);
      const stored = await call('PUT', cloudAutomationPaths.networkSession, token, {
        consent: true,
        country_code: 'DE',
        cookies,
      });
      expect(stored).toMatchObject({ status: 422, body: { message: cloudAutomationMessages.notConfigured } });
    });
  });

  describe('with LinkedIn', () => {
    const server = testServerForSuite(databaseUrl, {
      env: {
        NETWORK: 'linkedin',
        SESSION_ENCRYPTION_KEY: sessionKey,
        CLOUD_PROXIES: JSON.stringify([berlin]),
      },
    });
    const call = async (method: string, path: string, token: string, body?: unknown) =>
      answer(await callApi(server.url, method, path, token, body));

    it('runs in the cloud only with the session handed over with consent, sealed, through the proxy of the country', async () => {
      const { account, token } = await signInNewAccount(server, { onboarded: true, clock: server.clock });
      const mode = cloudAutomationPaths.updateAutomationMode;
      const session = cloudAutomationPaths.networkSession;
      const handOver = { consent: true, country_code: 'DE', cookies };

      expect((await call('PUT', session, token, handOver)).body.message).toBe(billingMessages.upgradeToPro);
      await subscribeToPlan(server.db, account.personaId, 'pro', server.clock);
      expect(await call('PUT', mode, token, { is_cloud: true })).toMatchObject({
        status: 422,
        body: { message: cloudAutomationMessages.sessionRequired },
      });
      expect((await call('PUT', session, token, { ...handOver, consent: false })).status).toBe(422);
      expect((await call('PUT', session, token, { country_code: 'DE', cookies })).status).toBe(422);
      expect((await call('PUT', session, token, { ...handOver, country_code: 'de' })).status).toBe(422);
      expect(await call('PUT', session, token, { ...handOver, country_code: 'FR' })).toMatchObject({
        status: 422,
        body: { message: cloudAutomationMessages.noProxy },
      });
      expect((await call('GET', session, token)).body).toEqual({
        stored: false,
        country_code: null,
        consented_at: null,
        proxy_countries: [{ country_code: 'DE', city_name: 'Berlin' }],
      });

      const stored = await call('PUT', session, token, handOver);
      expect(stored.body).toEqual({
        stored: true,
        country_code: 'DE',
        consented_at: server.clock.now().toISOString(),
        proxy_countries: [{ country_code: 'DE', city_name: 'Berlin' }],
      });
      const [row] = await server.db
        .select()
        .from(networkSessions)
        .where(eq(networkSessions.personaId, account.personaId));
      if (!row) throw new Error('no session row');
      // Encrypted at rest: the cookies are nowhere in the stored text, and a changed byte does not open.
      expect(row.sealed).not.toContain(cookies.li_at);
      expect(Buffer.from(row.sealed, 'base64').toString('latin1')).not.toContain(cookies.li_at);
      const key = Buffer.from(sessionKey, 'base64');
      expect(openSession(key, row.sealed)).toEqual(cookies);
      const tampered = Buffer.from(row.sealed, 'base64');
      tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
      expect(() => openSession(key, tampered.toString('base64'))).toThrow();
      expect(() => openSession(Buffer.alloc(32, 8), row.sealed)).toThrow();
      // Nothing answers the session back.
      expect(JSON.stringify((await call('GET', session, token)).body)).not.toContain(cookies.li_at);

      expect(await call('PUT', mode, token, { is_cloud: true })).toEqual({
        status: 200,
        body: { is_cloud: true, city_name: 'Berlin', country_code: 'DE', ip_address: '203.0.113.7' },
      });
      expect((await call('GET', workspacePaths.automationMode, token)).body.city_name).toBe('Berlin');

      const forgotten = await call('DELETE', session, token);
      expect(forgotten.body.stored).toBe(false);
      expect((await call('GET', workspacePaths.automationMode, token)).body.is_cloud).toBe(false);
      expect(
        await server.db
          .select()
          .from(networkSessions)
          .where(eq(networkSessions.personaId, account.personaId)),
      ).toEqual([]);
    });
  });
});
