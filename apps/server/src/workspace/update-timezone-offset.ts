import type { UpdateTimezoneOffsetRequest } from '@outpilot/contracts';
import { isValidTimezoneOffset } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { wakePersona } from '../engine/wake-persona.ts';
import { NotFoundError, ValidationError } from '../errors.ts';

export const timezoneOffsetNotOnListMessage =
  'Timezone offset must be one of the listed offsets from GMT-12:00 to GMT+12:00, in minutes (GMT+02:00 = 120)';

/**
 * PUT workspace/timezone-offset: an offset of the option list (seed 000 §5, §9), else nothing is
 * saved. The campaign engine looks at the persona's queue again at once (other hours, another day).
 */
export async function updateTimezoneOffset(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; request: UpdateTimezoneOffsetRequest },
): Promise<UpdateTimezoneOffsetRequest> {
  const offset = input.request.timezone_offset;
  if (!isValidTimezoneOffset(offset)) {
    throw new ValidationError('timezone_offset', timezoneOffsetNotOnListMessage);
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(personas)
      .set({ timezoneOffset: offset })
      .where(eq(personas.id, input.personaId))
      .returning({ timezoneOffset: personas.timezoneOffset });
    if (!row) throw new NotFoundError('Workspace not found');
    await wakePersona(tx, input.personaId, deps.clock.now());
    return { timezone_offset: offset };
  });
}
