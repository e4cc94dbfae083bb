import { randomUUID } from 'node:crypto';
import { requestSchemaOf } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sandboxContactProperties } from './sandbox-contact-properties.ts';

/**
 * HubSpot's rate limit for a private app on the Free and Starter tiers: 100 calls per rolling
 * 10 seconds per app token. A call beyond it is answered 429 like HubSpot does.
 */
export const sandboxHubspotRateLimit = { max: 100, intervalMs: 10_000 } as const;

const hubspotErrorBodySchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  correlationId: z.string(),
  category: z.string().optional(),
  errorType: z.string().optional(),
  policyName: z.string().optional(),
});
type HubspotErrorBody = z.infer<typeof hubspotErrorBodySchema>;

/** A contact property as HubSpot answers it (sandbox-contact-properties.ts), for the document. */
const hubspotPropertySchema = z.looseObject({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  options: z.array(z.looseObject({ label: z.string(), value: z.string(), hidden: z.boolean() })),
});
/**
 * The query parameters HubSpot's property read takes. HubSpot refuses a request it cannot read
 * with a 400 VALIDATION_ERROR; the portal does the same for a parameter the call does not name,
 * so a client that sends one fails here as the product's own API would refuse it.
 */
const propertyQuerySchema = z.object({
  archived: z.enum(['true', 'false']).optional(),
  properties: z.string().optional(),
});

const json = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * A sandbox HubSpot portal behind the same HTTP calls as api.hubapi.com, for the calls Outpilot
 * makes (reading a contact property with its options): a private app's bearer token, the
 * portal's custom properties, and HubSpot's error bodies for a wrong token (401), an unknown
 * property (404) and its rolling rate limit (429 with the X-HubSpot-RateLimit headers).
 */
export async function registerSandboxHubspot(
  app: FastifyInstance,
  options: { prefix: string; accessToken: string; clock: Clock },
): Promise<void> {
  const callTimes: number[] = [];

  const fail = (
    reply: FastifyReply,
    status: number,
    body: Omit<HubspotErrorBody, 'status' | 'correlationId'>,
  ) =>
    reply
      .status(status)
      .send({ status: 'error', correlationId: randomUUID(), ...body } satisfies HubspotErrorBody);

  await app.register(
    async (portal) => {
      // The route's schemas document the call; the portal reads its input itself and answers in
      // HubSpot's words, not with the host's strict compilers and the product's error body.
      portal.setValidatorCompiler(() => () => true);
      portal.addHook('onRequest', async (request, reply) => {
        if (request.headers.authorization !== `Bearer ${options.accessToken}`) {
          return fail(reply, 401, {
            message:
              'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
            category: 'INVALID_AUTHENTICATION',
          });
        }
        const now = options.clock.now().getTime();
        while (callTimes.length > 0 && (callTimes[0] ?? now) <= now - sandboxHubspotRateLimit.intervalMs) {
          callTimes.shift();
        }
        reply.header('X-HubSpot-RateLimit-Interval-Milliseconds', sandboxHubspotRateLimit.intervalMs);
        reply.header('X-HubSpot-RateLimit-Max', sandboxHubspotRateLimit.max);
        if (callTimes.length >= sandboxHubspotRateLimit.max) {
          reply.header('X-HubSpot-RateLimit-Remaining', 0);
          return fail(reply, 429, {
            message: 'You have reached your ten_secondly_rolling limit.',
            errorType: 'RATE_LIMIT',
            policyName: 'TEN_SECONDLY_ROLLING',
          });
        }
        callTimes.push(now);
        reply.header('X-HubSpot-RateLimit-Remaining', sandboxHubspotRateLimit.max - callTimes.length);
      });

      portal.get<{ Params: { objectType: string; propertyName: string } }>(
        '/crm/v3/properties/:objectType/:propertyName',
        {
          schema: {
            tags: ['sandbox HubSpot'],
            summary: 'A CRM property with its options, as HubSpot answers it',
            querystring: propertyQuerySchema,
            response: {
              200: json('The property', hubspotPropertySchema),
              400: json(
                'A query parameter the call does not take (VALIDATION_ERROR)',
                hubspotErrorBodySchema,
              ),
              401: json(
                'A missing or wrong private app token (INVALID_AUTHENTICATION)',
                hubspotErrorBodySchema,
              ),
              404: json('No such property (OBJECT_NOT_FOUND)', hubspotErrorBodySchema),
              429: json('Over 100 calls in 10 s (RATE_LIMIT, TEN_SECONDLY_ROLLING)', hubspotErrorBodySchema),
            },
          },
        },
        async (request, reply) => {
          const query = requestSchemaOf(propertyQuerySchema).safeParse(request.query ?? {});
          if (!query.success) {
            const problems = query.error.issues.map((issue) =>
              issue.code === 'unrecognized_keys'
                ? `unknown query parameter ${issue.keys.join(', ')}`
                : `${issue.path.join('.')}: ${issue.message}`,
            );
            return fail(reply, 400, {
              message: `Invalid input: ${problems.join('; ')}`,
              category: 'VALIDATION_ERROR',
            });
          }
          const { objectType, propertyName } = request.params;
          const property =
            objectType === 'contacts' || objectType === '0-1'
              ? sandboxContactProperties.find((candidate) => candidate.name === propertyName)
              : undefined;
          if (!property) {
            return fail(reply, 404, {
              message: `Unable to find property ${propertyName} for object type ${objectType}`,
              category: 'OBJECT_NOT_FOUND',
            });
          }
          return property;
        },
      );

      portal.setNotFoundHandler((request, reply) =>
        fail(reply, 404, {
          message: `No route for ${request.method} ${request.url}`,
          category: 'OBJECT_NOT_FOUND',
        }),
      );
    },
    { prefix: options.prefix },
  );
}
