import { cloudAutomationEndpoints } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import {
  deleteNetworkSession,
  getNetworkSession,
  storeNetworkSession,
} from '../network-account/network-session.ts';
import { setAutomationMode } from '../profile/set-automation-mode.ts';
import { routesOf } from './register-endpoints.ts';

/** Automation mode switching and the LinkedIn session kept for the cloud runner (issue 24 item 6). */
export const cloudAutomationRoutes = (deps: AppDeps) =>
  routesOf(cloudAutomationEndpoints, {
    updateAutomationMode: ({ auth, body, request }) =>
      setAutomationMode(deps, {
        personaId: auth.personaId,
        isCloud: body.is_cloud,
        clientIp: request.ip || null,
      }),
    networkSession: ({ auth }) => getNetworkSession(deps, auth.personaId),
    storeNetworkSession: ({ auth, body }) => storeNetworkSession(deps, auth.personaId, body),
    deleteNetworkSession: ({ auth }) => deleteNetworkSession(deps, auth.personaId),
  });
