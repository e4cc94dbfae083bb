import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBodySchema, requestHeadMaxBytes, requestSchemaOf } from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverVersion } from '../version.ts';

type Content = Record<string, { schema?: unknown }>;
type ResponseObject = { description?: string; content?: Content };
type Operation = {
  responses?: Record<string, ResponseObject>;
  requestBody?: unknown;
  parameters?: { in: string }[];
  security?: unknown[];
};
type OpenApiDocument = { paths?: Record<string, Record<string, Operation>> };

const json = 'application/json';
const errorBodyJsonSchema = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' });
  return schema;
})();
const errorAnswer = (description: string): ResponseObject => ({
  description,
  content: { [json]: { schema: errorBodyJsonSchema } },
});

/** What the server answers on any route before the route runs, so every operation documents it. */
const answersOfEveryRoute: Record<string, string> = {
  400: 'Malformed request (a broken URL, invalid JSON)',
  431: `Request head too large (over ${requestHeadMaxBytes / 1024} KB of URL and headers)`,
};
const answersOfRoutesWithBody: Record<string, string> = {
  413: 'Request body too large',
  415: 'Unsupported media type',
};

/**
 * The document as the server answers: a 204 has no body; a file answer (CSV) is its own media
 * type while the route's errors stay JSON error bodies (@fastify/swagger gives every answer of a
 * route its `produces` types; an HTML page's errors stay pages, and a route's own JSON error
 * schema stays); and the refusals the server makes before any route runs are listed on every
 * operation.
 */
export function documentAnswersAsSent<Document extends OpenApiDocument>(document: Document): Document {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const responses = operation.responses ?? {};
      operation.responses = responses;
      for (const [status, response] of Object.entries(responses)) {
        const code = Number(status);
        if (code === 204) delete response.content;
        // A page for people (the sandbox's profile page) answers its refusals as pages; a route
        // that documents its own JSON error body keeps it (the sandbox HubSpot portal answers
        // HubSpot's); any other error is the server's JSON error body, whatever the route produces.
        else if (code >= 400 && response.content && !response.content['text/html'])
          response.content = { [json]: response.content[json] ?? { schema: errorBodyJsonSchema } };
        else if (response.content?.['text/csv'])
          response.content = { 'text/csv': { schema: { type: 'string' } } };
      }
      const takesInput = operation.requestBody !== undefined || (operation.parameters?.length ?? 0) > 0;
      const refusals = {
        ...answersOfEveryRoute,
        ...(operation.requestBody ? answersOfRoutesWithBody : {}),
        ...(takesInput ? { 422: 'Invalid input: the first error is the message, each field named' } : {}),
        ...(operation.parameters?.some((parameter) => parameter.in === 'path') ? { 404: 'Not found' } : {}),
        ...(operation.security?.length ? { 403: 'Not authorized' } : {}),
      };
      for (const [status, description] of Object.entries(refusals)) {
        responses[status] ??= errorAnswer(description);
      }
    }
  }
  return document;
}

/**
 * The OpenAPI document (from the contracts' zod schemas) at /api/docs/json and its UI at
 * /api/docs. Request schemas are shown as the server reads them (requestSchemaOf: strict).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Outpilot API', version: serverVersion },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (route) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema) return jsonSchemaTransform(route);
      const strict = { ...schema };
      for (const part of ['body', 'querystring', 'params'] as const) {
        const zodSchema = schema[part];
        if (zodSchema instanceof z.ZodType) strict[part] = requestSchemaOf(zodSchema);
      }
      return jsonSchemaTransform({ ...route, schema: strict as typeof route.schema });
    },
    transformObject: (documents) =>
      'openapiObject' in documents
        ? documentAnswersAsSent(documents.openapiObject as OpenApiDocument)
        : documents.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
