import type { UpdateWorkingHoursRequest, WorkingHoursResponse } from '@outpilot/contracts';
import { validateWorkingHours } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { wakePersona } from '../engine/wake-persona.ts';
import { assertNoFieldErrors, NotFoundError } from '../errors.ts';

/**
 * PUT workspace/working-hours-in-minutes: saves hours that pass the rules of §5, else nothing.
 * The campaign engine looks at the persona's queue again at once.
 */
export async function updateWorkingHours(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; workingHours: UpdateWorkingHoursRequest },
): Promise<WorkingHoursResponse> {
  assertNoFieldErrors(validateWorkingHours(input.workingHours));
  // Only the weekday keys: whatever else the body held is not stored.
  const { monday, tuesday, wednesday, thursday, friday, saturday, sunday } = input.workingHours;
  const workingHours = { monday, tuesday, wednesday, thursday, friday, saturday, sunday };
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(personas)
      .set({ workingHours })
      .where(eq(personas.id, input.personaId))
      .returning({ id: personas.id });
    if (!row) throw new NotFoundError('Workspace not found');
    await wakePersona(tx, input.personaId, deps.clock.now());
    return workingHours;
  });
}
