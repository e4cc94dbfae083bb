import {
  type CreateImportRequest,
  createImportRequestSchema,
  type EndpointClient,
  fixedToken,
  type ImportList,
  type ImportProfileInput,
  importsEndpoints,
  type UpdateImportStateRequest,
  type UploadImportProfilesAnswer,
  updateImportStateRequestSchema,
  uploadImportProfilesRequestSchema,
} from '@outpilot/contracts';
import { type ApiClientOptions, mainApiClient } from './api-client.ts';

/**
 * The import runner's calls to the main API. Apart from ApiClient so that the in-page agent's
 * first download (what the sign-in screen waits for) does not carry the import lists' contracts:
 * the bridge host builds it when the runners load (decisions.md, tenth session).
 */
export class ImportsApiClient {
  readonly #client: EndpointClient;

  constructor(options: ApiClientOptions) {
    this.#client = mainApiClient(options);
  }

  /** An import list, or null when it does not exist or is another workspace's (the server's 204). */
  getImport(accessToken: string, importId: string): Promise<ImportList | null> {
    return this.#client.call(
      importsEndpoints.get,
      { params: { id: importId } },
      { token: fixedToken(accessToken) },
    );
  }

  /** Opens a new import list; the agent uploads what it finds into it. */
  createImport(accessToken: string, request: CreateImportRequest): Promise<ImportList> {
    return this.#client.call(
      importsEndpoints.create,
      { body: createImportRequestSchema.parse(request) },
      { token: fixedToken(accessToken) },
    );
  }

  /** Uploads one batch (at most importProfilesBatchMax) of found profiles into an import list. */
  uploadImportProfiles(
    accessToken: string,
    importId: string,
    profiles: ImportProfileInput[],
  ): Promise<UploadImportProfilesAnswer> {
    return this.#client.call(
      importsEndpoints.uploadProfiles,
      { params: { id: importId }, body: uploadImportProfilesRequestSchema.parse({ profiles }) },
      { token: fixedToken(accessToken) },
    );
  }

  /** Reports the run's end: completed, failed (with the error's name) or stopped. */
  updateImportState(
    accessToken: string,
    importId: string,
    request: UpdateImportStateRequest,
  ): Promise<ImportList> {
    return this.#client.call(
      importsEndpoints.updateState,
      { params: { id: importId }, body: updateImportStateRequestSchema.parse(request) },
      { token: fixedToken(accessToken) },
    );
  }
}
