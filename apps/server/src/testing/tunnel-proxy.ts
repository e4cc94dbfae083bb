import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';

/**
 * A forward proxy on loopback that records the hosts it reaches: http targets come as
 * absolute-form requests (forwarded), https ones (linkedin.com) as CONNECT tunnels.
 */
export async function startTunnelProxy() {
  const tunnels: string[] = [];
  const server: Server = createServer((request, response) => {
    const target = new URL(request.url ?? '');
    tunnels.push(target.host);
    const upstream = httpRequest(
      target,
      { method: request.method, headers: { ...request.headers, host: target.host } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client, head) => {
    tunnels.push(request.url ?? '');
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
