import { clientConfigEndpoints, healthEndpoints, logsEndpoints } from '@outpilot/contracts';
import { getClientConfig } from '../client-config/get-client-config.ts';
import type { AppDeps } from '../deps.ts';
import { checkHealth } from '../health/check-health.ts';
import { recordClientLog } from '../logs/record-client-log.ts';
import { routesOf } from './register-endpoints.ts';

/** What anyone may call: liveness, the web app's configuration, and client error reports. */
export const publicRoutes = (deps: AppDeps) => [
  routesOf(healthEndpoints, { health: () => checkHealth(deps) }),
  routesOf(clientConfigEndpoints, { clientConfig: () => getClientConfig(deps.config) }),
  routesOf(logsEndpoints, {
    postLog: async ({ auth, body }) => {
      await recordClientLog(deps, { personaId: auth?.personaId ?? null, entry: body });
      return null;
    },
  }),
];
