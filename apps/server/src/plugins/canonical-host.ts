import type { FastifyInstance } from 'fastify';

/**
 * A browser that opens a page on another host name than PUBLIC_URL's (127.0.0.1 when PUBLIC_URL
 * says localhost) is sent to PUBLIC_URL's origin: on the other host the app's calls to the
 * API are cross-origin, the browser blocks them, and Sign In would do nothing (issue 19 §5).
 * Only page loads move (GET or HEAD asking for HTML); API calls are answered where they arrive.
 */
export function redirectPagesToPublicOrigin(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.headers.accept?.includes('text/html')) return;
    if (request.host.toLowerCase() === publicOrigin.host) return;
    return reply.redirect(`${publicOrigin.origin}${request.url}`, 307);
  });
}
