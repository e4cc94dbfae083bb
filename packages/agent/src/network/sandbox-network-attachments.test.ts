import { describe, expect, it } from 'vitest';
import { AgentError } from '../errors.ts';
import { SandboxNetworkClient } from './sandbox-network-client.ts';

/** The adapter reads only the conversation's own attachment addresses on its own network. */
describe('SandboxNetworkClient.fetchAttachment', () => {
  const requests: { url: string; accept: string | null; session: string | null }[] = [];
  const client = new SandboxNetworkClient({
    sandboxBaseUrl: 'http://localhost:3000/sandbox',
    sessionId: 's-1',
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      requests.push({
        url: String(input),
        accept: headers.get('accept'),
        session: headers.get('x-sandbox-session'),
      });
      return new Response(new Uint8Array([71, 73, 70]), { headers: { 'content-type': 'image/gif' } });
    },
  });

  it('reads an attachment of the conversation with the accept header, path or full address', async () => {
    for (const url of [
      '/sandbox/api/conversations/2-5/attachments/123',
      'http://localhost:3000/sandbox/api/conversations/2-5/attachments/123',
    ]) {
      const file = await client.fetchAttachment('2-5', url, 'image/gif');
      expect(file.mediaType).toBe('image/gif');
      expect([...file.bytes]).toEqual([71, 73, 70]);
    }
    expect(requests.splice(0)).toEqual([
      {
        url: 'http://localhost:3000/sandbox/api/conversations/2-5/attachments/123',
        accept: 'image/gif',
        session: 's-1',
      },
      {
        url: 'http://localhost:3000/sandbox/api/conversations/2-5/attachments/123',
        accept: 'image/gif',
        session: 's-1',
      },
    ]);
  });

  it('refuses any other address without calling anywhere', async () => {
    for (const url of [
      'https://evil.example/sandbox/api/conversations/2-5/attachments/123',
      'http://localhost:3000.evil.example/sandbox/api/conversations/2-5/attachments/123',
      '/sandbox/api/conversations/2-6/attachments/123',
      '/sandbox/api/conversations/2-5/attachments/..',
      '/sandbox/api/conversations/2-5/attachments/1/../../../me',
      '/sandbox/api/conversations/2-5/attachments/1?x=1',
      '/other/api/conversations/2-5/attachments/123',
    ]) {
      await expect(client.fetchAttachment('2-5', url, '*/*')).rejects.toMatchObject({
        constructor: AgentError,
        name: 'NotFound',
      });
    }
    expect(requests).toEqual([]);
  });
});
