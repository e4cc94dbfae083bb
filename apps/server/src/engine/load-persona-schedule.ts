import { type DailyLimits, defaultWorkingHours } from '@outpilot/contracts';
import {
  freshPace,
  localDayIndex,
  type PersonaPace,
  type PersonaSchedule,
  type UsageCounts,
} from '@outpilot/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { personaDailyUsage, personaRuntime, personas } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';

export type PersonaPlanningContext = {
  schedule: PersonaSchedule;
  /** Claimed (and not given back) in the persona's local day containing now. */
  usedToday: UsageCounts;
  pace: PersonaPace;
};

/**
 * What the forecast needs of a persona: working hours (the defaults until set), timezone (UTC
 * until set), the four limits and the weekly block, today's counts from persona_daily_usage, and
 * its pace from persona_runtime.
 */
export async function loadPersonaSchedule(
  db: Executor,
  personaId: string,
  now: Date,
): Promise<PersonaPlanningContext> {
  const [persona] = await db
    .select({
      workingHours: personas.workingHours,
      timezoneOffset: personas.timezoneOffset,
      follow: personas.dailyFollowLimit,
      invitations: personas.dailyInvitationsLimit,
      messages: personas.dailyMessagesLimit,
      reactOnPost: personas.dailyReactOnPostLimit,
      invitationsBlockedUntil: personas.invitationsBlockedUntil,
      nextActionAt: personaRuntime.nextActionAt,
      actionDay: personaRuntime.actionDay,
      actionsInDay: personaRuntime.actionsInDay,
    })
    .from(personas)
    .leftJoin(personaRuntime, eq(personaRuntime.personaId, personas.id))
    .where(eq(personas.id, personaId));
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
  return {
    schedule: {
      workingHours: persona.workingHours ?? defaultWorkingHours,
      timezoneOffsetMinutes,
      limits,
      invitationsBlockedUntil: persona.invitationsBlockedUntil,
    },
    usedToday,
    pace:
      persona.actionsInDay === null
        ? freshPace
        : {
            nextActionAt: persona.nextActionAt,
            actionDay: persona.actionDay,
            actionsInDay: persona.actionsInDay,
          },
  };
}
