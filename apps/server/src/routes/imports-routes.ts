import {
  createImportAnswerSchema,
  createImportRequestSchema,
  errorBodySchema,
  importCsvQuerySchema,
  importIdParamsSchema,
  importListSchema,
  importsPaths,
  recentImportsAnswerSchema,
  recentImportsQuerySchema,
  renameImportRequestSchema,
  updateImportStateAnswerSchema,
  updateImportStateRequestSchema,
  uploadImportProfilesAnswerSchema,
  uploadImportProfilesRequestSchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { createImport } from '../imports/create-import.ts';
import { getImport } from '../imports/get-import.ts';
import { importContactsCsv, maxCsvFileBytes } from '../imports/import-contacts-csv.ts';
import { listRecentImports } from '../imports/list-recent-imports.ts';
import { renameImport } from '../imports/rename-import.ts';
import { updateImportState } from '../imports/update-import-state.ts';
import { uploadImportProfiles } from '../imports/upload-import-profiles.ts';
import { authOf } from '../plugins/auth-guard.ts';

const tags = ['imports'];
const security = [{ bearer: [] }];
const refusals = { 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema };

/** Content types a browser or a script sends a .csv file with. */
const csvContentTypes = ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];

/** Import lists (seed 002 §7.1) and the agent's upload calls, scoped to the caller's workspace. */
export const importsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    importsPaths.recent,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "The workspace's latest import lists, newest first",
        querystring: recentImportsQuerySchema,
        response: { 200: recentImportsAnswerSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => listRecentImports(deps, { personaId: authOf(request).personaId, take: request.query.$take }),
  );

  app.get(
    importsPaths.one,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'One import list; 204 when it does not exist or is not yours (the spec\'s "not found")',
        params: importIdParamsSchema,
        response: {
          200: importListSchema,
          204: z.null().describe('No such import list'),
          403: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const list = await getImport(deps, { personaId: authOf(request).personaId, id: request.params.id });
      if (list === null) return reply.code(204).send(null);
      return list;
    },
  );

  app.put(
    importsPaths.one,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Rename an import list (1-50 characters)',
        params: importIdParamsSchema,
        body: renameImportRequestSchema,
        response: { 200: importListSchema, ...refusals },
      },
    },
    (request) =>
      renameImport(deps, {
        personaId: authOf(request).personaId,
        id: request.params.id,
        request: request.body,
      }),
  );

  app.post(
    importsPaths.create,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Agent: open a running import list for a network import',
        body: createImportRequestSchema,
        response: { 200: createImportAnswerSchema, 403: errorBodySchema, 422: errorBodySchema },
      },
    },
    (request) => createImport(deps, { personaId: authOf(request).personaId, request: request.body }),
  );

  app.post(
    importsPaths.profiles,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Agent: upload up to 100 found profiles (upserted, never duplicated)',
        params: importIdParamsSchema,
        body: uploadImportProfilesRequestSchema,
        response: { 200: uploadImportProfilesAnswerSchema, ...refusals },
      },
    },
    (request) =>
      uploadImportProfiles(deps, {
        personaId: authOf(request).personaId,
        id: request.params.id,
        profiles: request.body.profiles,
      }),
  );

  app.put(
    importsPaths.state,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Agent: finish a running import (completed, failed or stopped)',
        params: importIdParamsSchema,
        body: updateImportStateRequestSchema,
        response: { 200: updateImportStateAnswerSchema, ...refusals },
      },
    },
    (request) =>
      updateImportState(deps, {
        personaId: authOf(request).personaId,
        id: request.params.id,
        request: request.body,
      }),
  );

  // The file upload takes the raw file as its body, so it gets its own parsers in a child scope.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    upload.addContentTypeParser(
      csvContentTypes,
      { parseAs: 'buffer', bodyLimit: maxCsvFileBytes },
      (_request, body, done) => done(null, body),
    );
    upload.post(
      importsPaths.csv,
      {
        preHandler: app.requireAuth,
        bodyLimit: maxCsvFileBytes,
        schema: {
          tags,
          security,
          summary: 'Import a contact file (the raw .csv as the body, at most 50 MB) in one transaction',
          description:
            'Body: the file bytes with Content-Type text/csv (or text/plain, application/vnd.ms-excel, application/octet-stream). Encoding and delimiter are detected. Answers the completed import list.',
          consumes: csvContentTypes,
          querystring: importCsvQuerySchema,
          response: {
            200: importListSchema,
            403: errorBodySchema,
            413: errorBodySchema,
            422: errorBodySchema,
          },
        },
      },
      (request) =>
        importContactsCsv(deps, {
          personaId: authOf(request).personaId,
          bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          name: request.query.name,
          fileName: request.query.file_name,
        }),
    );
  });
};
