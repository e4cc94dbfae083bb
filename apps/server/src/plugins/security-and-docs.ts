import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { serverVersion } from '../version.ts';

/** Security headers with a CSP that lets the app (MUI/emotion inline styles) and the docs page run. */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const publicOrigin = new URL(publicUrl).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
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

/** The OpenAPI document (from the contracts' zod schemas) at /api/docs/json and its UI at /api/docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Outpilot API', version: serverVersion },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
