import { SandboxNetworkClient } from '@outpilot/agent';
import { createVirtualClock } from '@outpilot/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPlugin } from './plugin.ts';
import { createPopulation } from './population/create-population.ts';

// The agent's sandbox adapter against the real sandbox over a real socket.
describe('@outpilot/agent sandbox adapter against the real sandbox', () => {
  const seed = 5;
  const size = 600;
  const population = createPopulation({ seed, size });
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    app = Fastify();
    await app.register(sandboxPlugin, { prefix: '/sandbox', seed, size, clock: createVirtualClock() });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `${address}/sandbox`;
  });
  afterAll(() => app.close());

  it('reads the signed-in member and profiles with their degree, and maps refusals', async () => {
    const anonymous = new SandboxNetworkClient({ sandboxBaseUrl: baseUrl });
    await expect(anonymous.getMyProfile()).resolves.toBeNull();

    const signIn = await fetch(`${baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pairing@example.com' }),
    });
    const { sessionId, profile } = (await signIn.json()) as {
      sessionId: string;
      profile: { entityId: string };
    };
    const client = new SandboxNetworkClient({ sandboxBaseUrl: baseUrl, sessionId });
    await expect(client.getMyProfile()).resolves.toMatchObject({
      entityId: profile.entityId,
      degree: 'SELF',
    });

    const me = population.findByEntityId(profile.entityId);
    if (!me) throw new Error('signed-in member not in the population');
    const firstIndex = population.graph
      .connectionsOf(me.index)
      .find((index) => population.people[index]?.isVisible);
    const friend = population.people[firstIndex ?? -1];
    await expect(client.getProfile(friend?.publicIdentifier ?? '')).resolves.toMatchObject({
      degree: 'FIRST',
    });
    await expect(client.getProfile('nobody-here-000000')).rejects.toMatchObject({ name: 'NotFound' });
    await expect(anonymous.getProfile(me.publicIdentifier)).rejects.toMatchObject({
      name: 'NotAuthenticated',
    });
  });
});
