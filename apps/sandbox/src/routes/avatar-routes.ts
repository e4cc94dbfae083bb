import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { readInput } from '../http/read-input.ts';
import { routeDocs } from '../http/route-docs.ts';
import { memberNotFound } from '../http/sandbox-error.ts';
import { renderAvatarSvg } from '../population/avatar-svg.ts';
import type { SandboxContext } from '../sandbox-context.ts';

const avatarParamsSchema = z.object({ file: z.string().regex(/^ACoAA[0-9A-Za-z]{1,60}\.svg$/) });

/** Public like a CDN picture: no session needed, cacheable, since it never changes for a seed. */
export function registerAvatarRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get(
    '/avatars/:file',
    routeDocs({
      summary: "A member's picture (public, cacheable)",
      params: avatarParamsSchema,
      answers: { 200: { description: 'The picture', schema: z.string(), mediaType: 'image/svg+xml' } },
      refusals: [404, 422],
    }),
    async (request, reply) => {
      const { file } = readInput(request, 'params', avatarParamsSchema);
      const person = context.population.findByEntityId(file.slice(0, -'.svg'.length));
      if (!person?.hasPicture) throw memberNotFound();
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(renderAvatarSvg(person));
    },
  );
}
