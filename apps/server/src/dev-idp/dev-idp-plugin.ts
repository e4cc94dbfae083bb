import type { IncomingMessage } from 'node:http';
import { oidcBasePath } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { Database } from '../db/create-database.ts';
import { interactionBasePath } from './create-dev-provider.ts';
import { namesOf, saveDevAccount } from './dev-accounts.ts';
import { renderExpiredPage, renderSignInPage } from './interaction-page.ts';

const formSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address').max(254)),
  name: z.string().trim().max(100, 'The name is too long').default(''),
});

/**
 * Mounts the development identity provider under /oidc (the raw request is handed to oidc-provider,
 * Fastify does not read its bodies) and serves its sign-in pages under /oidc-interaction/:uid.
 */
export async function registerDevIdp(
  app: FastifyInstance,
  options: { provider: Provider; db: Database; clock: Clock; homeUrl: string },
): Promise<void> {
  const { provider } = options;
  const callback = provider.callback();

  await app.register(
    async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      const handOver = (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack();
        const raw: IncomingMessage & { originalUrl?: string } = request.raw;
        const url = raw.url ?? '/';
        raw.originalUrl = url;
        raw.url = url.slice(oidcBasePath.length) || '/';
        if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
        void callback(raw, reply.raw);
      };
      scope.all('/', { schema: { hide: true } }, handOver);
      scope.all('/*', { schema: { hide: true } }, handOver);
    },
    { prefix: oidcBasePath },
  );

  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      const paramsSchema = z.object({ uid: z.string().min(1).max(200) });

      scope.get('/:uid', { schema: { hide: true } }, async (request, reply) => {
        const { uid } = paramsSchema.parse(request.params);
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== uid) {
          return reply.status(400).type('text/html; charset=utf-8').send(renderExpiredPage(options.homeUrl));
        }
        return reply
          .type('text/html; charset=utf-8')
          .send(renderSignInPage({ action: `${interactionBasePath}/${uid}` }));
      });

      scope.post('/:uid', { schema: { hide: true } }, async (request, reply) => {
        const { uid } = paramsSchema.parse(request.params);
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== uid) {
          return reply.status(400).type('text/html; charset=utf-8').send(renderExpiredPage(options.homeUrl));
        }
        const action = `${interactionBasePath}/${uid}`;
        const raw = typeof request.body === 'object' && request.body !== null ? request.body : {};
        const form = formSchema.safeParse(raw);
        if (!form.success) {
          const given = raw as Record<string, unknown>;
          return reply
            .status(400)
            .type('text/html; charset=utf-8')
            .send(
              renderSignInPage({
                action,
                email: typeof given.email === 'string' ? given.email : '',
                name: typeof given.name === 'string' ? given.name : '',
                error: form.error.issues[0]?.message ?? 'Please enter a valid e-mail address',
              }),
            );
        }
        const accountId = form.data.email;
        await saveDevAccount(
          options.db,
          { accountId, email: form.data.email, ...namesOf(form.data.name, form.data.email) },
          options.clock.now(),
        );
        const clientId = String(details.params.client_id ?? '');
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        const returnTo = await provider.interactionResult(request.raw, reply.raw, {
          login: { accountId },
          consent: { grantId },
        });
        return reply.redirect(returnTo, 303);
      });
    },
    { prefix: interactionBasePath },
  );
}
