import { defaultWorkingHours, type WorkingHoursResponse } from '@outpilot/contracts';
import type { AppDeps } from '../deps.ts';
import { findPersonaSettings } from './find-persona-settings.ts';

/**
 * GET workspace/working-hours-in-minutes: the saved hours, or the defaults (Mon-Fri 09:00-19:00)
 * while none are saved; that they are not set yet shows through the profile's workingHoursSet.
 */
export async function getWorkingHours(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string },
): Promise<WorkingHoursResponse> {
  const { workingHours } = await findPersonaSettings(deps.db, input.personaId);
  return workingHours ?? defaultWorkingHours;
}
