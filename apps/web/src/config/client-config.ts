import { apiBasePath, apiPaths, type ClientConfig, clientConfigSchema } from '@outpilot/contracts';

/** GET /api/v1/client-config: public, read before anything else. */
export async function loadClientConfig(fetchFn: typeof fetch = fetch): Promise<ClientConfig> {
  const response = await fetchFn(`${apiBasePath}${apiPaths.clientConfig}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Client configuration answered ${response.status}`);
  return clientConfigSchema.parse(await response.json());
}
