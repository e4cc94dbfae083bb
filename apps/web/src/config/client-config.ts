import {
  apiBasePath,
  automationBasePath,
  type ClientConfig,
  clientConfigEndpoints,
} from '@outpilot/contracts';
import { createApiClient } from '../api/api-client.ts';

/** GET /api/v1/client-config: public, read before anything else (its answer names the API's bases). */
export function loadClientConfig(fetchFn: typeof fetch = fetch): Promise<ClientConfig> {
  return createApiClient({
    baseUrl: apiBasePath,
    automationBaseUrl: automationBasePath,
    fetch: fetchFn,
  }).call(clientConfigEndpoints.clientConfig);
}
