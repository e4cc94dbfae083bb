import type { DailyLimitsResponse, UpdateDailyLimitsRequest } from '@outpilot/contracts';
import { validateDailyLimits } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { wakePersona } from '../engine/wake-persona.ts';
import { assertNoFieldErrors, NotFoundError } from '../errors.ts';

/**
 * PUT workspace/daily-limits: all four limits at once, each a step of 5 within its range (§9).
 * The campaign engine looks at the persona's queue again at once (a higher limit frees work today).
 */
export async function updateDailyLimits(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; limits: UpdateDailyLimitsRequest },
): Promise<DailyLimitsResponse> {
  assertNoFieldErrors(validateDailyLimits(input.limits));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(personas)
      .set({
        dailyFollowLimit: input.limits.daily_linkedin_follow_limit,
        dailyInvitationsLimit: input.limits.daily_linkedin_invitations_limit,
        dailyMessagesLimit: input.limits.daily_linkedin_messages_limit,
        dailyReactOnPostLimit: input.limits.daily_linkedin_react_on_post_limit,
      })
      .where(eq(personas.id, input.personaId))
      .returning({
        daily_linkedin_follow_limit: personas.dailyFollowLimit,
        daily_linkedin_invitations_limit: personas.dailyInvitationsLimit,
        daily_linkedin_messages_limit: personas.dailyMessagesLimit,
        daily_linkedin_react_on_post_limit: personas.dailyReactOnPostLimit,
      });
    if (!row) throw new NotFoundError('Workspace not found');
    await wakePersona(tx, input.personaId, deps.clock.now());
    return row;
  });
}
