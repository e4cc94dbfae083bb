import { contactsEndpoints } from '@outpilot/contracts';
import { deleteContacts } from '../contacts/delete-contacts.ts';
import { exportContacts } from '../contacts/export-contacts.ts';
import { getCsvExample } from '../contacts/get-csv-example.ts';
import { listContactLocations } from '../contacts/list-contact-locations.ts';
import { listContactsPage } from '../contacts/list-contacts-page.ts';
import { previewContactsDeletion } from '../contacts/preview-contacts-deletion.ts';
import type { AppDeps } from '../deps.ts';
import { exportFileNameOf } from '../workspace/export-file-name-of.ts';
import { closeStalledDownload } from './close-stalled-download.ts';
import { sendCsvFile } from './csv-download.ts';
import { routesOf } from './register-endpoints.ts';

/** The contacts calls of seed 002 §7.1, each scoped to the caller's workspace. */
export const contactsRoutes = (deps: AppDeps) =>
  routesOf(contactsEndpoints, {
    page: ({ auth, query }) => listContactsPage(deps, { personaId: auth.personaId, query }),
    export: async ({ auth, query, reply }) => {
      // Read before the stream starts: on PGlite the stream holds the only connection.
      const fileName = await exportFileNameOf(deps, auth.personaId);
      const file = await exportContacts(deps, { personaId: auth.personaId, query });
      closeStalledDownload(reply, deps.config.downloadIdleTimeoutMs);
      return sendCsvFile(reply.header('cache-control', 'no-store'), fileName, file);
    },
    csvExample: ({ reply }) => {
      const file = getCsvExample();
      return sendCsvFile(reply, file.fileName, file.content);
    },
    locations: ({ auth, query }) => listContactLocations(deps, { personaId: auth.personaId, query }),
    deletePreview: ({ auth, query }) => previewContactsDeletion(deps, { personaId: auth.personaId, query }),
    delete: ({ auth, query }) => deleteContacts(deps, { personaId: auth.personaId, query }),
  });
