import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csvFileAnswer, defineEndpoint } from './endpoint.ts';
import {
  createEndpointClient,
  type EndpointFetch,
  type FailureMapping,
  fixedToken,
} from './endpoint-client.ts';

class Failure extends Error {
  constructor(
    readonly kind: string,
    readonly status: number,
  ) {
    super(kind);
  }
}
const failures: FailureMapping = {
  ofAnswer: async (response) => new Failure('answer', response.status),
  ofUnreachable: () => new Failure('unreachable', 0),
  ofBadAnswer: (response) => new Failure('bad answer', response.status),
};

const rename = defineEndpoint({
  service: 'api',
  method: 'PUT',
  path: '/things/:id/name',
  access: 'user',
  summary: 'Rename a thing',
  tags: [],
  errors: ['NotFound'],
  params: z.object({ id: z.string() }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.object({ name: z.string() }),
  answers: { 200: z.object({ id: z.string(), name: z.string() }) },
});
const remove = defineEndpoint({
  service: 'automation',
  method: 'DELETE',
  path: '/things/:id',
  access: 'user',
  summary: 'Delete a thing',
  tags: [],
  errors: [],
  params: z.object({ id: z.string() }),
  answers: { 204: z.null() },
});
const download = defineEndpoint({
  service: 'api',
  method: 'GET',
  path: '/things/export',
  access: 'user',
  summary: 'The things as CSV',
  tags: [],
  errors: [],
  answers: { 200: csvFileAnswer },
});

type Sent = { url: string; init: RequestInit };
function fakeFetch(answers: Response[]) {
  const sent: Sent[] = [];
  const fetchFn: EndpointFetch = async (url, init) => {
    sent.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  };
  return { fetchFn, sent };
}

const baseUrls = { api: '/api/v1/', automation: '/automation/v1' };

describe('the endpoint client', () => {
  it('builds the call from the description: method, path parameters, query, JSON body, bearer', async () => {
    const { fetchFn, sent } = fakeFetch([Response.json({ id: 'a b', name: 'New', extra: 1 })]);
    const client = createEndpointClient({ baseUrls, fetch: fetchFn, failures, token: fixedToken('t1') });
    const answer = await client.call(rename, {
      params: { id: 'a b' },
      query: { dryRun: 'true' },
      body: { name: 'New' },
    });
    expect(answer).toEqual({ id: 'a b', name: 'New' });
    expect(sent[0]?.url).toBe('/api/v1/things/a%20b/name?dryRun=true');
    expect(sent[0]?.init.method).toBe('PUT');
    expect(sent[0]?.init.body).toBe('{"name":"New"}');
    expect(sent[0]?.init.headers).toMatchObject({
      authorization: 'Bearer t1',
      'content-type': 'application/json',
    });
  });

  it('retries once with a refreshed token after a 403, and keeps the 403 when none comes', async () => {
    const refreshed = fakeFetch([new Response(null, { status: 403 }), new Response(null, { status: 204 })]);
    const client = createEndpointClient({
      baseUrls,
      fetch: refreshed.fetchFn,
      failures,
      token: { get: async () => 'old', refresh: async () => 'new' },
    });
    expect(await client.call(remove, { params: { id: '1' } })).toBeNull();
    expect(refreshed.sent.map(({ init }) => (init.headers as Record<string, string>).authorization)).toEqual([
      'Bearer old',
      'Bearer new',
    ]);
    expect(refreshed.sent[1]?.url).toBe('/automation/v1/things/1');

    const refused = fakeFetch([new Response(null, { status: 403 })]);
    const noRefresh = createEndpointClient({
      baseUrls,
      fetch: refused.fetchFn,
      failures,
      token: { get: async () => 'old', refresh: async () => null },
    });
    await expect(noRefresh.call(remove, { params: { id: '1' } })).rejects.toMatchObject({
      kind: 'answer',
      status: 403,
    });
    expect(refused.sent).toHaveLength(1);
  });

  it("maps failures through the caller's mapping", async () => {
    const { fetchFn } = fakeFetch([
      Response.json({ name: 'NotFound', message: 'No such thing' }, { status: 404 }),
      Response.json({ id: 1 }),
    ]);
    const client = createEndpointClient({ baseUrls, fetch: fetchFn, failures });
    const input = { params: { id: 'x' }, body: { name: 'y' } };
    await expect(client.call(rename, input)).rejects.toMatchObject({ kind: 'answer', status: 404 });
    await expect(client.call(rename, input)).rejects.toMatchObject({ kind: 'bad answer', status: 200 });
    await expect(client.call(rename, input)).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('hands a file answer over as the Response, and reads a narrower schema when asked', async () => {
    const { fetchFn } = fakeFetch([
      new Response('a,b\n', { headers: { 'content-type': 'text/csv' } }),
      Response.json({ id: 'x', name: 'y' }),
    ]);
    const client = createEndpointClient({ baseUrls, fetch: fetchFn, failures });
    const file = await client.call(download);
    expect(await file.text()).toBe('a,b\n');
    const narrow = await client.call(
      rename,
      { params: { id: 'x' }, body: { name: 'y' } },
      { answer: z.object({ id: z.string() }) },
    );
    expect(narrow).toEqual({ id: 'x' });
  });
});
