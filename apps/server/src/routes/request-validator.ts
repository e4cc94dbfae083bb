import { requestSchemaOf } from '@outpilot/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Fastify's validator compiler: every request part (body, query string, path parameters) is
 * read through the contracts' requestSchemaOf, so an unknown field or parameter, a NUL character
 * or a lone surrogate is a 422 on every route, not a field silently ignored or a 500.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: requestSchemaOf(route.schema) });
