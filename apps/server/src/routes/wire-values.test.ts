import { type ErrorBody, errorBodySchema, unsafeTextMessage } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { createCampaignRow, signInNewAccount, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

const nul = 'before\u0000after';
const loneSurrogate = 'before\uD800after';

/**
 * Issue 26, "probing the server": a NUL character or a lone UTF-16 surrogate in any text input,
 * or a whole number beyond the database's integer, is one 422 naming the field, on every endpoint
 * the probes found answering 500 (or storing U+FFFD), never a 500.
 */
describe.each(testBackends())('text and numbers the database cannot hold, on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const bodyOf = async (response: Response) => {
    const text = await response.text();
    return { body: errorBodySchema.safeParse(JSON.parse(text)).data, text };
  };
  const send = async (method: string, path: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, ...(await bodyOf(response)) };
  };
  const expectRefused = (
    answer: { status: number; body: ErrorBody | undefined; text: string },
    field: string,
    description = unsafeTextMessage,
  ) => {
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body?.name).toBe('UnprocessableEntity');
    expect(answer.body?.errors).toContainEqual({ field, description });
  };

  async function openImport(token: string) {
    const created = await fetch(`${server.url}/api/v1/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source_type: 'network_search', source_uri: null, name: 'Probe', total: 1 }),
    });
    expect(created.status).toBe(200);
    return ((await created.json()) as { id: string }).id;
  }

  it('refuses them in the calls of a signed-out visitor, the app and the agent', async () => {
    const { token } = await signInNewAccount(server);
    for (const bad of [nul, loneSurrogate]) {
      expectRefused(await send('POST', '/api/v1/auth/sign-in-url', null, { referrer: bad }), 'referrer');
      expectRefused(await send('POST', '/api/v1/campaigns', token, { name: bad }), 'name');
      expectRefused(
        await send('POST', '/api/v1/logs', token, { severity: 'error', event_id: 'probe', message: bad }),
        'message',
      );
      expectRefused(
        await send('POST', '/api/v1/imports', token, {
          source_type: 'network_search',
          source_uri: bad,
          name: 'Probe',
          total: 1,
        }),
        'source_uri',
      );
    }
    // A query string is UTF-8 on the wire, where a lone surrogate cannot travel (it arrives as U+FFFD).
    const csvUpload = await fetch(`${server.url}/api/v1/imports/csv?${new URLSearchParams({ name: nul })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: 'First Name,Last Name,Profile Url\nAda,Lovelace,https://www.linkedin.com/in/ada\n',
    });
    expectRefused({ status: csvUpload.status, ...(await bodyOf(csvUpload)) }, 'name');
  });

  it('refuses them in campaign changes, with the campaign unchanged', async () => {
    const { account, token } = await signInNewAccount(server);
    const campaign = await createCampaignRow(server.db, account.personaId, { name: 'Kept' });
    for (const bad of [nul, loneSurrogate]) {
      expectRefused(
        await send('PUT', `/api/v1/campaigns/${campaign.id}/update`, token, { name: bad }),
        'name',
      );
      expectRefused(
        await send('PUT', `/api/v1/campaigns/${campaign.id}/update_steps`, token, {
          steps: [{ type: 'Message', message_template: bad, timeout: 60 }],
        }),
        'steps.0.message_template',
      );
    }
    const kept = await send('GET', `/api/v1/campaigns/${campaign.id}`, token);
    expect(JSON.parse(kept.text)).toMatchObject({ name: 'Kept' });
  });

  it("refuses them in an import's profiles, state and name, and numbers beyond an integer", async () => {
    const { token } = await signInNewAccount(server);
    const importId = await openImport(token);
    for (const bad of [nul, loneSurrogate]) {
      expectRefused(
        await send('POST', `/api/v1/imports/${importId}/profiles`, token, {
          profiles: [{ linkedin_public_identifier: 'probe-1', full_name: bad }],
        }),
        'profiles.0.full_name',
      );
      expectRefused(
        await send('PUT', `/api/v1/imports/${importId}/state`, token, {
          state: 'failed',
          error: { name: bad, message: bad },
        }),
        'error.name',
      );
      expectRefused(await send('PUT', `/api/v1/imports/${importId}`, token, { name: bad }), 'name');
    }
    expectRefused(
      await send('PUT', `/api/v1/imports/${importId}/state`, token, {
        state: 'completed',
        processed: 9007199254740990,
      }),
      'processed',
      'Must be at most 2147483647',
    );
    const still = await send('GET', `/api/v1/imports/${importId}`, token);
    expect(still.status).toBeLessThan(300);
  });

  it("refuses them in a runner's reports and syncs", async () => {
    const { account, token } = await signInNewAccount(server);
    for (const bad of [nul, loneSurrogate]) {
      expectRefused(
        await send('POST', '/automation/v1/activities/reports', token, {
          reports: [
            {
              activity_id: crypto.randomUUID(),
              attempt: 1,
              idempotency_key: `key-${bad}`,
              outcome: 'executed',
            },
          ],
        }),
        'reports.0.idempotency_key',
      );
      expectRefused(
        await send('POST', '/automation/v1/sync/conversations', token, {
          persona_id: account.personaId,
          messages: [],
          next_sync_token: bad,
        }),
        'next_sync_token',
      );
    }
  });
});
