import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers with a CSP that lets the app (MUI/emotion inline styles) and the docs page run. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const publicOrigin = new URL(publicUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // blob: the inbox shows message attachments (images, GIFs, audio) from files it read
        // through the server (GET conversations/{id}/attachments/{url}), as object URLs.
        'img-src': ["'self'", 'data:', 'https:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:', 'https:'],
        'connect-src': ["'self'", publicOrigin],
        'form-action': ["'self'", publicOrigin],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS only means something over https; on a plain-http localhost it would only confuse.
    strictTransportSecurity: publicUrl.startsWith('https:'),
  });
}
