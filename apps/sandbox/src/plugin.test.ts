import { createVirtualClock } from '@outpilot/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPlugin } from './plugin.ts';
import { createPopulation } from './population/create-population.ts';

const seed = 11;
const size = 800;

async function buildApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(sandboxPlugin, { prefix: '/sandbox', seed, size, clock: createVirtualClock() });
  return app;
}

function sessionCookie(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const cookie = header?.split(';')[0];
  if (!cookie) throw new Error('No session cookie was set');
  return cookie;
}

describe('sandboxPlugin over HTTP', () => {
  let app: FastifyInstance;
  const population = createPopulation({ seed, size });
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(() => app.close());

  it('signs in by e-mail as the same member every time and sets a scoped HttpOnly cookie', async () => {
    const first = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { email: 'Ann@Example.com' },
    });
    const second = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { email: 'ann@example.com' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().profile.publicIdentifier).toBe(second.json().profile.publicIdentifier);
    expect(first.json().profile.degree).toBe('SELF');
    expect(first.headers['set-cookie']).toMatch(
      /^sandbox_session=[^;]+; Path=\/sandbox; HttpOnly; SameSite=Lax/,
    );
    const other = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { email: 'bob@example.com' },
    });
    expect(other.json().profile.publicIdentifier).not.toBe(first.json().profile.publicIdentifier);
  });

  it('answers /api/me with the member behind the cookie or the header, and 401 without a session', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/sandbox/api/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ name: 'NotAuthenticated', message: expect.any(String) });

    const member = population.people[3];
    const signIn = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { publicIdentifier: member?.publicIdentifier },
    });
    const cookie = sessionCookie(signIn.headers['set-cookie']);
    const byCookie = await app.inject({ method: 'GET', url: '/sandbox/api/me', headers: { cookie } });
    expect(byCookie.json()).toMatchObject({ publicIdentifier: member?.publicIdentifier, degree: 'SELF' });
    const byHeader = await app.inject({
      method: 'GET',
      url: '/sandbox/api/me',
      headers: { 'x-sandbox-session': signIn.json().sessionId },
    });
    expect(byHeader.json().entityId).toBe(member?.entityId);

    const signOut = await app.inject({ method: 'DELETE', url: '/sandbox/api/session', headers: { cookie } });
    expect(signOut.statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/sandbox/api/me', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('looks up profiles with the degree seen from the session member', async () => {
    const me = population.people.find(
      (person) => person.isVisible && population.graph.isInMainNetwork(person.index),
    );
    if (!me) throw new Error('no member');
    const signIn = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { publicIdentifier: me.publicIdentifier },
    });
    const headers = { cookie: sessionCookie(signIn.headers['set-cookie']) };
    const degrees = population.graph.degreesFrom(me.index);
    const seen = new Set<string>();
    for (const wanted of ['FIRST', 'SECOND', 'THIRD', 'OUT_OF_NETWORK'] as const) {
      const target = population.people.find((person) => person.isVisible && degrees[person.index] === wanted);
      if (!target) throw new Error(`no ${wanted} member`);
      const response = await app.inject({
        method: 'GET',
        url: `/sandbox/api/profiles/${target.publicIdentifier}`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ entityId: target.entityId, degree: wanted });
      seen.add(response.json().degree);
    }
    expect(seen.size).toBe(4);

    const invisible = population.people.find((person) => !person.isVisible);
    const hidden = await app.inject({
      method: 'GET',
      url: `/sandbox/api/profiles/${invisible?.publicIdentifier}`,
      headers,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().name).toBe('NotFound');
    const unknown = await app.inject({
      method: 'GET',
      url: '/sandbox/api/profiles/nobody-here-000000',
      headers,
    });
    expect(unknown.json()).toEqual({ name: 'NotFound', message: 'This member does not exist' });
    const noSession = await app.inject({
      method: 'GET',
      url: `/sandbox/api/profiles/${me.publicIdentifier}`,
    });
    expect(noSession.statusCode).toBe(401);
  });

  it('refuses bad input with a 4xx error body and never a 500', async () => {
    const cases = [
      { payload: {} },
      { payload: { email: 'not-an-email' } },
      { payload: { publicIdentifier: 'Has Spaces' } },
      { payload: { publicIdentifier: 'a', email: 'a@b.co' } },
      { payload: '{"broken', headers: { 'content-type': 'application/json' } },
    ];
    for (const { payload, headers } of cases) {
      const response = await app.inject({ method: 'POST', url: '/sandbox/api/session', payload, headers });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    }
    const invalid = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { email: 'nope' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().name).toBe('UnprocessableEntity');
    const unknownMember = await app.inject({
      method: 'POST',
      url: '/sandbox/api/session',
      payload: { publicIdentifier: 'nobody-here-000000' },
    });
    expect(unknownMember.statusCode).toBe(404);
  });

  it('serves a deterministic avatar and the sign-in page', async () => {
    const person = population.people.find((candidate) => candidate.hasPicture);
    const avatar = await app.inject({ method: 'GET', url: `/sandbox/avatars/${person?.entityId}.svg` });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).toContain(
      `${person?.firstName.charAt(0)}${person?.lastName.charAt(0)}`.toUpperCase(),
    );
    const login = await app.inject({ method: 'GET', url: '/sandbox/login' });
    expect(login.body).toContain('Sandbox network sign-in');
    expect((await app.inject({ method: 'GET', url: '/sandbox/login.js' })).statusCode).toBe(200);
  });
});
