import { type DailyLimits, defaultWorkingHours } from '@outpilot/contracts';
import { localDayIndex, type PersonaSchedule, type UsageCounts } from '@outpilot/domain';
import { and, eq, max } from 'drizzle-orm';
import type { Executor } from '../campaigns/db-executor.ts';
import { activities, personaDailyUsage, personas } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';

export type PersonaPlanningContext = {
  schedule: PersonaSchedule;
  /** Done (claimed and not released) in the persona's local day containing now. */
  usedToday: UsageCounts;
  lastActionAt: Date | null;
};

/**
 * What the planner needs of a persona: working hours (the defaults until set), timezone (UTC until
 * set), the four limits, today's usage from the persona_daily_usage counters and the last action.
 * With forUpdate the persona row is locked, serialising the planning of one persona.
 */
export async function loadPersonaSchedule(
  db: Executor,
  personaId: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<PersonaPlanningContext> {
  const query = db
    .select({
      workingHours: personas.workingHours,
      timezoneOffset: personas.timezoneOffset,
      follow: personas.dailyFollowLimit,
      invitations: personas.dailyInvitationsLimit,
      messages: personas.dailyMessagesLimit,
      reactOnPost: personas.dailyReactOnPostLimit,
      invitationsBlockedUntil: personas.invitationsBlockedUntil,
    })
    .from(personas)
    .where(eq(personas.id, personaId));
  const [persona] = options.forUpdate ? await query.for('update') : await query;
  if (!persona) throw new NotFoundError('Workspace not found');
  const limits: DailyLimits = {
    daily_linkedin_follow_limit: persona.follow,
    daily_linkedin_invitations_limit: persona.invitations,
    daily_linkedin_messages_limit: persona.messages,
    daily_linkedin_react_on_post_limit: persona.reactOnPost,
  };
  const timezoneOffsetMinutes = persona.timezoneOffset ?? 0;
  const usage = await db
    .select({ kind: personaDailyUsage.limitKind, used: personaDailyUsage.used })
    .from(personaDailyUsage)
    .where(
      and(
        eq(personaDailyUsage.personaId, personaId),
        eq(personaDailyUsage.localDay, localDayIndex(now, timezoneOffsetMinutes)),
      ),
    );
  const usedToday: UsageCounts = {};
  for (const row of usage) usedToday[row.kind] = row.used;
  const [last] = await db
    .select({ at: max(activities.reportedAt) })
    .from(activities)
    .where(and(eq(activities.personaId, personaId), eq(activities.state, 'done')));
  return {
    schedule: {
      workingHours: persona.workingHours ?? defaultWorkingHours,
      timezoneOffsetMinutes,
      limits,
      invitationsBlockedUntil: persona.invitationsBlockedUntil,
    },
    usedToday,
    lastActionAt: last?.at ?? null,
  };
}
