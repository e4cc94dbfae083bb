import { eq } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { personas } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';

type PersonaSettings = {
  workingHours: (typeof personas.$inferSelect)['workingHours'];
  dailyFollowLimit: number;
  dailyInvitationsLimit: number;
  dailyMessagesLimit: number;
  dailyReactOnPostLimit: number;
  automationMode: (typeof personas.$inferSelect)['automationMode'];
};

/** The caller's workspace settings row (shared by the workspace read use-cases). */
export async function findPersonaSettings(db: Database, personaId: string): Promise<PersonaSettings> {
  const [row] = await db
    .select({
      workingHours: personas.workingHours,
      dailyFollowLimit: personas.dailyFollowLimit,
      dailyInvitationsLimit: personas.dailyInvitationsLimit,
      dailyMessagesLimit: personas.dailyMessagesLimit,
      dailyReactOnPostLimit: personas.dailyReactOnPostLimit,
      automationMode: personas.automationMode,
    })
    .from(personas)
    .where(eq(personas.id, personaId))
    .limit(1);
  if (!row) throw new NotFoundError('Workspace not found');
  return row;
}
