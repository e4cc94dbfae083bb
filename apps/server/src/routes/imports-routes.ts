import { csvUploadContentTypes, importsEndpoints } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { createImport } from '../imports/create-import.ts';
import { getImport } from '../imports/get-import.ts';
import { importContactsCsv, maxCsvFileBytes } from '../imports/import-contacts-csv.ts';
import { listRecentImports } from '../imports/list-recent-imports.ts';
import { renameImport } from '../imports/rename-import.ts';
import { updateImportState } from '../imports/update-import-state.ts';
import { uploadImportProfiles } from '../imports/upload-import-profiles.ts';
import { routesOf } from './register-endpoints.ts';

const { importCsv, ...jsonEndpoints } = importsEndpoints;

/** Import lists (seed 002 §7.1) and the agent's upload calls, scoped to the caller's workspace. */
export const importsRoutes = (deps: AppDeps) =>
  routesOf(jsonEndpoints, {
    recent: ({ auth, query }) => listRecentImports(deps, { personaId: auth.personaId, take: query.$take }),
    get: async ({ auth, params, reply }) => {
      const list = await getImport(deps, { personaId: auth.personaId, id: params.id });
      return list ?? reply.code(204).send(null);
    },
    rename: ({ auth, params, body }) =>
      renameImport(deps, { personaId: auth.personaId, id: params.id, request: body }),
    create: ({ auth, body }) => createImport(deps, { personaId: auth.personaId, request: body }),
    uploadProfiles: ({ auth, params, body }) =>
      uploadImportProfiles(deps, { personaId: auth.personaId, id: params.id, profiles: body.profiles }),
    updateState: ({ auth, params, body }) =>
      updateImportState(deps, { personaId: auth.personaId, id: params.id, request: body }),
  });

/** The file upload takes the raw file as its body, so its scope has its own parsers. */
export const importCsvRoutes = (deps: AppDeps) =>
  routesOf(
    { importCsv },
    {
      importCsv: {
        bodyLimit: maxCsvFileBytes,
        handle: ({ auth, query, body }) =>
          importContactsCsv(deps, {
            personaId: auth.personaId,
            bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
            name: query.name,
            fileName: query.file_name,
          }),
      },
    },
    (scope) =>
      scope.addContentTypeParser(
        [...csvUploadContentTypes],
        { parseAs: 'buffer', bodyLimit: maxCsvFileBytes },
        (_request, body, done) => done(null, body),
      ),
  );
