import { errorBodySchema, nothingSelectedMessage } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  addAudience,
  createCampaignRow,
  createContacts,
  createExecutionRow,
  getContactsPage,
  signInNewAccount,
  testBackends,
} from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

/**
 * The wire rules every route keeps (issue 19 §5): an unknown query parameter or body field is a
 * 422 naming it, never ignored; a call that deletes or excludes with neither a filter nor a search
 * is refused unless it says all=true.
 */
describe.each(testBackends())('request rules on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const call = (
    method: string,
    path: string,
    token: string,
    query: Record<string, string> = {},
    body?: unknown,
  ) =>
    fetch(`${server.url}/api/v1${path}?${new URLSearchParams(query)}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  async function refusal(response: Response) {
    return { status: response.status, body: errorBodySchema.parse(await response.json()) };
  }

  it('refuses a misspelt $filter on the delete preview and on DELETE contacts, deleting nothing', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 3);
    const preview = await refusal(
      await call('GET', '/contacts/delete/preview', token, { $filter: 'id eq 1' }),
    );
    expect(preview.status).toBe(422);
    expect(preview.body).toMatchObject({
      name: 'UnprocessableEntity',
      message: 'Unknown parameter: $filter',
    });
    expect(preview.body.errors).toContainEqual({
      field: '$filter',
      description: 'Unknown parameter: $filter',
    });
    const deletion = await refusal(await call('DELETE', '/contacts', token, { $filter: 'distance eq 2' }));
    expect(deletion.status).toBe(422);
    expect(deletion.body.errors).toContainEqual({
      field: '$filter',
      description: 'Unknown parameter: $filter',
    });
    expect((await getContactsPage(server.url, token)).total).toBe(3);
  });

  it('refuses an unknown body field, naming it, and creates nothing', async () => {
    const { token } = await signInNewAccount(server);
    const created = await refusal(
      await call('POST', '/campaigns', token, {}, { name: 'Spring', owner: 'x' }),
    );
    expect(created.status).toBe(422);
    expect(created.body.errors).toEqual([{ field: 'owner', description: 'Unknown field: owner' }]);
    const page = await call('GET', '/campaigns/page', token);
    expect(await page.json()).toMatchObject({ total: 0 });
  });

  it('refuses DELETE contacts and its preview with no selection, and acts on every contact with all=true', async () => {
    const { account, token } = await signInNewAccount(server);
    await createContacts(server.db, account.personaId, 4);
    for (const [method, path] of [
      ['GET', '/contacts/delete/preview'],
      ['DELETE', '/contacts'],
    ] as const) {
      for (const query of [{}, { filter: ' ', searchQuery: '' }] as Record<string, string>[]) {
        const refused = await refusal(await call(method, path, token, query));
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual([{ field: 'filter', description: nothingSelectedMessage }]);
      }
    }
    expect((await getContactsPage(server.url, token)).total).toBe(4);
    const preview = await call('GET', '/contacts/delete/preview', token, { all: 'true' });
    expect(await preview.json()).toMatchObject({ valid_audience_count: 4 });
    const deleted = await call('DELETE', '/contacts', token, { all: 'true' });
    expect(await deleted.json()).toEqual({ deleted_count: 4 });
    expect((await getContactsPage(server.url, token)).total).toBe(0);
  });

  it('refuses all=false and other values: all is only ever true', async () => {
    const { token } = await signInNewAccount(server);
    const refused = await refusal(await call('DELETE', '/contacts', token, { all: 'false' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]?.field).toBe('all');
  });

  it('refuses excluding executions and removing a target audience with no selection', async () => {
    const { account, token } = await signInNewAccount(server);
    const [contact] = await createContacts(server.db, account.personaId, 1);
    if (!contact) throw new Error('no contact');
    const campaign = await createCampaignRow(server.db, account.personaId);
    await addAudience(server.db, campaign, [contact.id]);
    await createExecutionRow(server.db, campaign, contact.id, { state: 'InProgress' });
    for (const [method, path] of [
      ['GET', '/executions/delete/preview'],
      ['DELETE', '/executions/delete'],
      ['DELETE', `/campaigns/${campaign.id}/target_audience`],
    ] as const) {
      const refused = await refusal(await call(method, path, token));
      expect(refused.status, `${method} ${path}`).toBe(422);
      expect(refused.body.errors).toEqual([{ field: 'filter', description: nothingSelectedMessage }]);
    }
    const preview = await call('GET', '/executions/delete/preview', token, { all: 'true' });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ valid_audience_count: 1 });
  });
});
