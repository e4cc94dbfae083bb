import { workspaceEndpoints } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { getAutomationMode } from '../workspace/get-automation-mode.ts';
import { getDailyLimits } from '../workspace/get-daily-limits.ts';
import { getPeriodStatistics } from '../workspace/get-period-statistics.ts';
import { getWorkingHours } from '../workspace/get-working-hours.ts';
import { updateDailyLimits } from '../workspace/update-daily-limits.ts';
import { updateTimezoneOffset } from '../workspace/update-timezone-offset.ts';
import { updateWorkingHours } from '../workspace/update-working-hours.ts';
import { routesOf } from './register-endpoints.ts';

/** Workspace settings of seed 000 §7, each scoped to the caller's persona. */
export const workspaceRoutes = (deps: AppDeps) =>
  routesOf(workspaceEndpoints, {
    updateTimezoneOffset: ({ auth, body }) =>
      updateTimezoneOffset(deps, { personaId: auth.personaId, request: body }),
    workingHours: ({ auth }) => getWorkingHours(deps, { personaId: auth.personaId }),
    updateWorkingHours: ({ auth, body }) =>
      updateWorkingHours(deps, { personaId: auth.personaId, workingHours: body }),
    dailyLimits: ({ auth }) => getDailyLimits(deps, { personaId: auth.personaId }),
    updateDailyLimits: ({ auth, body }) =>
      updateDailyLimits(deps, { personaId: auth.personaId, limits: body }),
    automationMode: ({ auth, request }) =>
      getAutomationMode(deps, { personaId: auth.personaId, clientIp: request.ip || null }),
    periodStatistics: ({ auth, query }) =>
      getPeriodStatistics(deps, { personaId: auth.personaId, range: query }),
  });
