import {
  contactLocationsAnswerSchema,
  contactLocationsQuerySchema,
  contactsDeletePreviewAnswerSchema,
  contactsPageAnswerSchema,
  contactsPageQuerySchema,
  contactsPaths,
  contactsSelectionQuerySchema,
  deleteContactsAnswerSchema,
  errorBodySchema,
} from '@outpilot/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteContacts } from '../contacts/delete-contacts.ts';
import { exportContacts } from '../contacts/export-contacts.ts';
import { getCsvExample } from '../contacts/get-csv-example.ts';
import { listContactLocations } from '../contacts/list-contact-locations.ts';
import { listContactsPage } from '../contacts/list-contacts-page.ts';
import { previewContactsDeletion } from '../contacts/preview-contacts-deletion.ts';
import type { AppDeps } from '../deps.ts';
import { authOf } from '../plugins/auth-guard.ts';
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { closeStalledDownload } from './close-stalled-download.ts';
import { attachment, csvFileResponse } from './csv-download.ts';

const tags = ['contacts'];
const security = [{ bearer: [] }];
const refusals = { 403: errorBodySchema, 422: errorBodySchema };
/** The contacts calls of seed 002 §7.1, each scoped to the caller's workspace. */
export const contactsRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    contactsPaths.page,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'One page of contacts ($filter, $orderby, keywords, $take, $skip) and the total',
        description:
          'total is exact up to 10,000 matches; above that it is the planner estimate and total_is_estimate is true.',
        querystring: contactsPageQuerySchema,
        response: { 200: contactsPageAnswerSchema, ...refusals },
      },
    },
    (request) => listContactsPage(deps, { personaId: authOf(request).personaId, query: request.query }),
  );

  app.get(
    contactsPaths.export,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The contacts of a query as a CSV file (streamed; paging ignored)',
        querystring: contactsPageQuerySchema,
        response: { 200: csvFileResponse, ...refusals },
      },
    },
    async (request, reply) => {
      const { personaId } = authOf(request);
      // Read before the stream starts: on PGlite the stream holds the only connection.
      const disposition = attachment(await exportFileNameOf(deps, personaId));
      const file = await exportContacts(deps, { personaId, query: request.query });
      closeStalledDownload(reply, deps.config.downloadIdleTimeoutMs);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', disposition)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.get(
    contactsPaths.csvExample,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'The contact file template (9 columns, 2 sample rows)',
        response: { 200: csvFileResponse, 403: errorBodySchema },
      },
    },
    async (_request, reply) => {
      const file = getCsvExample();
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(file.fileName))
        .send(file.content);
    },
  );

  app.get(
    contactsPaths.locations,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Distinct locations of the workspace's contacts matching searchQuery (Location filter)",
        querystring: contactLocationsQuerySchema,
        response: { 200: contactLocationsAnswerSchema, ...refusals },
      },
    },
    (request) => listContactLocations(deps, { personaId: authOf(request).personaId, query: request.query }),
  );

  app.get(
    contactsPaths.deletePreview,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'How many selected contacts can be deleted, and what keeps the others',
        querystring: contactsSelectionQuerySchema,
        response: { 200: contactsDeletePreviewAnswerSchema, ...refusals },
      },
    },
    (request) =>
      previewContactsDeletion(deps, { personaId: authOf(request).personaId, query: request.query }),
  );

  app.delete(
    contactsPaths.delete,
    {
      preHandler: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Delete the selected contacts the rules allow (not in running campaigns)',
        querystring: contactsSelectionQuerySchema,
        response: { 200: deleteContactsAnswerSchema, ...refusals },
      },
    },
    (request) => deleteContacts(deps, { personaId: authOf(request).personaId, query: request.query }),
  );
};
