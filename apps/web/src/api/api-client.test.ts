import { defineEndpoint, type EndpointService } from '@outpilot/contracts';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFakeBridge } from '../test/fake-bridge.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

const bridge = createFakeBridge({
  handlers: {
    'api.getToken': () => ({ accessToken: 'tok', accessTokenExpiresAt: '2030-01-01T00:00:00.000Z' }),
  },
});

/** A test endpoint: GET path, answering any JSON unless a schema is given. */
const endpointOf = <S extends z.ZodType = z.ZodUnknown>(
  path: string,
  service: EndpointService = 'api',
  answer: S = z.unknown() as unknown as S,
) =>
  defineEndpoint({
    service,
    method: 'GET',
    path,
    access: 'user',
    summary: 'test',
    tags: [],
    errors: [],
    query: z.object({ $take: z.number().optional() }),
    answers: { 200: answer },
  });

describe('createApiClient', () => {
  it('sends the bridge token as a bearer and parses the answer', async () => {
    const fetchFn = vi.fn(async () => Response.json({ id: 'c1' }));
    const api = createApiClient({
      baseUrl: '/api/v1/',
      automationBaseUrl: '/automation/v1',
      bridge,
      fetch: fetchFn,
    });
    const result = await api.call(endpointOf('/campaigns', 'api', z.object({ id: z.string() })), {
      query: { $take: 10 },
    });
    expect(result).toEqual({ id: 'c1' });
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/campaigns?%24take=10');
    expect(init.headers).toMatchObject({ authorization: 'Bearer tok' });
  });

  it('sends automation service calls under its own base', async () => {
    const fetchFn = vi.fn(async () => Response.json({ focusedInboxEnabled: true }));
    const api = createApiClient({
      baseUrl: '/api/v1',
      automationBaseUrl: '/automation/v1/',
      bridge,
      fetch: fetchFn,
    });
    await api.call(endpointOf('/settings', 'automation'));
    const [url] = fetchFn.mock.calls[0] as unknown as [string];
    expect(url).toBe('/automation/v1/settings');
  });

  it('raises ApiError with the error body', async () => {
    const body = {
      name: 'UnprocessableEntity',
      message: 'Invalid',
      errors: [{ field: 'a', description: 'A is wrong' }],
    };
    const api = createApiClient({
      baseUrl: '/api/v1',
      automationBaseUrl: '/automation/v1',
      bridge,
      fetch: async () => Response.json(body, { status: 422 }),
    });
    const failure = await api.call(endpointOf('/x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 422, body });
  });

  it('turns a network failure into a BadGateway ApiError', async () => {
    const api = createApiClient({
      baseUrl: '/api/v1',
      automationBaseUrl: '/automation/v1',
      bridge,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.call(endpointOf('/x'))).rejects.toMatchObject({
      status: 0,
      body: { name: 'BadGateway' },
    });
  });
});
