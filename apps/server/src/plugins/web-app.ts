import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFoundBody } from './error-handler.ts';

/** Paths that belong to a service and answer JSON 404s instead of the app's index.html. */
const servicePrefixes = ['/api/', '/automation/', '/oidc/', '/oidc-interaction/', '/sandbox/'];

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outpilot</title></head>
<body><h1>Outpilot</h1><p>The web app is not built yet. Run <code>npm run build</code>, then reload this page.</p>
<p>The API is available under <a href="/api/docs">/api/docs</a>.</p></body></html>
`;

/** Service routes and missing files (a path ending in an extension) answer 404, not the app. */
function isNotAppPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  if (/\.[a-z0-9]+$/i.test(pathname)) return true;
  return servicePrefixes.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
}

/**
 * Serves the built single-page app from WEB_DIST_DIR with history fallback: any other GET answers
 * index.html so deep links work. Unknown service routes answer the JSON 404 body.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/precompress.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built; serving a placeholder page');
  }

  const sendApp = (reply: FastifyReply) => {
    if (built) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(notBuiltPage);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!isPageRequest || isNotAppPath(request.url)) {
      return reply.status(404).send(notFoundBody);
    }
    return sendApp(reply);
  });
}
