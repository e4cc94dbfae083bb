import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startTestServer, type TestServer } from '../testing/http-server.ts';
import { SandboxNetworkClient } from './sandbox-network-client.ts';

const profile = {
  entityId: 'ACoAAbob',
  publicIdentifier: 'bob-smith-000001',
  firstName: 'Bob',
  lastName: 'Smith',
  headline: 'CTO',
  picture: null,
  location: 'Berlin',
  company: 'Acme',
  degree: 'SECOND',
  isPremium: false,
  hasSalesNavigator: false,
  relationship: { invitationPending: true, invitationId: '77', following: true, canMessage: false },
};

describe('SandboxNetworkClient actions', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Answers like apps/sandbox's action routes.
    server = await startTestServer((request, response, body) => {
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/sandbox/api/invitations') {
        const { message } = JSON.parse(body) as { message?: string };
        if (message === 'weekly') {
          response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
          return response.end(
            JSON.stringify({ name: 'ExceedsLimit', message: 'weekly', code: 'WEEKLY_INVITATION_LIMIT' }),
          );
        }
        if (message === 'long') {
          return sendJson(response, 422, {
            name: 'UnprocessableEntity',
            message: 'too long',
            code: 'TOO_LONG_INVITATION_MESSAGE',
          });
        }
        return sendJson(response, 201, {
          invitationId: '77',
          entityId: 'ACoAAbob',
          sentAt: '2026-03-02T10:00:00.000Z',
          hasNote: true,
          message,
          state: 'pending',
        });
      }
      if (url === '/sandbox/api/profiles/bob-smith-000001') return sendJson(response, 200, profile);
      if (url === '/sandbox/api/messages') {
        return sendJson(response, 403, { name: 'NotAuthorized', message: 'no', code: 'NOT_CONNECTED' });
      }
      if (url === '/sandbox/api/follows') {
        return sendJson(response, 401, { name: 'NotAuthenticated', message: 'old', code: 'SESSION_EXPIRED' });
      }
      if (url.startsWith('/sandbox/api/connections')) {
        return sendJson(response, 200, {
          connections: [
            {
              entityId: 'ACoAAbob',
              publicIdentifier: 'bob-smith-000001',
              firstName: 'Bob',
              lastName: 'Smith',
              connectedAt: '2026-03-02T11:00:00.000Z',
              invitationId: '77',
            },
          ],
        });
      }
      if (url === '/sandbox/api/posts/12/reactions') {
        return sendJson(response, 200, {
          postId: '12',
          entityId: 'ACoAAbob',
          reaction: 'PRAISE',
          reactedAt: '2026-03-02T10:00:00.000Z',
        });
      }
      return sendJson(response, 404, { name: 'NotFound', message: 'nothing here' });
    });
  });
  afterAll(() => server.close());

  const client = () =>
    new SandboxNetworkClient({ sandboxBaseUrl: `${server.url}/sandbox`, sessionId: 'persona-session' });

  it('sends the Idempotency-Key and the session on every mutating call', async () => {
    const invitation = await client().sendInvitation({ publicIdentifier: 'bob-smith-000001' }, 'Hi Bob', {
      idempotencyKey: 'outpilot:a1:connect',
    });
    expect(invitation).toMatchObject({ invitationId: '77', state: 'pending', note: 'Hi Bob' });
    // Without an entityId the member is looked up first.
    const [lookup, post] = server.requests.slice(-2);
    expect(lookup).toMatchObject({ method: 'GET', url: '/sandbox/api/profiles/bob-smith-000001' });
    expect(lookup?.headers['idempotency-key']).toBeUndefined();
    expect(post?.headers['idempotency-key']).toBe('outpilot:a1:connect');
    expect(post?.headers['x-sandbox-session']).toBe('persona-session');
    expect(JSON.parse(post?.body ?? '')).toEqual({ entityId: 'ACoAAbob', message: 'Hi Bob' });

    await client().reactToPost('12', 'Celebrate', { idempotencyKey: 'outpilot:a2:react' });
    expect(JSON.parse(server.requests.at(-1)?.body ?? '')).toEqual({ reaction: 'PRAISE' });
  });

  it('maps refusals to named errors with the sandbox codes and Retry-After', async () => {
    const bob = { publicIdentifier: 'bob-smith-000001', entityId: 'ACoAAbob' };
    await expect(client().sendInvitation(bob, 'weekly')).rejects.toMatchObject({
      name: 'ExceedsLimit',
      code: 'WEEKLY_INVITATION_LIMIT',
      retryAfterMs: 3_600_000,
      transient: false,
    });
    await expect(client().sendInvitation(bob, 'long')).rejects.toMatchObject({
      name: 'UnprocessableEntity',
      code: 'TOO_LONG_INVITATION_MESSAGE',
    });
    await expect(client().sendMessage(bob, 'Hello')).rejects.toMatchObject({
      name: 'NotAuthorized',
      code: 'NOT_CONNECTED',
    });
    await expect(client().follow(bob)).rejects.toMatchObject({
      name: 'NotAuthenticated',
      code: 'SESSION_EXPIRED',
    });
  });

  it('reads relationships and connections since a time', async () => {
    await expect(client().getRelationship({ publicIdentifier: 'bob-smith-000001' })).resolves.toEqual({
      degree: 'SECOND',
      invitation: { state: 'pending', invitationId: '77' },
      following: true,
      canMessage: false,
    });
    const connections = await client().listConnectionsSince(new Date('2026-03-02T10:00:00.000Z'));
    expect(server.requests.at(-1)?.url).toBe('/sandbox/api/connections?since=2026-03-02T10%3A00%3A00.000Z');
    expect(connections[0]).toMatchObject({ entityId: 'ACoAAbob', invitationId: '77' });
    expect(connections[0]?.connectedAt).toEqual(new Date('2026-03-02T11:00:00.000Z'));
  });
});
