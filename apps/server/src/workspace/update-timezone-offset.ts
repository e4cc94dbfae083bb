import type { UpdateTimezoneOffsetRequest } from '@outpilot/contracts';
import { isValidTimezoneOffset } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError, ValidationError } from '../errors.ts';

export const timezoneOffsetNotOnListMessage =
  'Timezone offset must be one of the listed offsets from GMT-12:00 to GMT+12:00, in minutes (GMT+02:00 = 120)';

/** PUT workspace/timezone-offset: an offset of the option list (seed 000 §5, §9), else nothing is saved. */
export async function updateTimezoneOffset(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; request: UpdateTimezoneOffsetRequest },
): Promise<UpdateTimezoneOffsetRequest> {
  const offset = input.request.timezone_offset;
  if (!isValidTimezoneOffset(offset)) {
    throw new ValidationError('timezone_offset', timezoneOffsetNotOnListMessage);
  }
  const [row] = await deps.db
    .update(personas)
    .set({ timezoneOffset: offset })
    .where(eq(personas.id, input.personaId))
    .returning({ timezoneOffset: personas.timezoneOffset });
  if (!row) throw new NotFoundError('Workspace not found');
  return { timezone_offset: offset };
}
