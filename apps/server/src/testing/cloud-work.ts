import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/create-database.ts';
import { activities, campaigns, personaRuntime, personas } from '../db/schema.ts';

/**
 * What the cloud runner has to work on: the cloud personas' campaigns, activities and next checks.
 * For a browser journey's failure message, when the server's campaign did not do what it waited for.
 */
export async function describeCloudWork(db: Database) {
  const cloudPersonas = db
    .select({ id: personas.id })
    .from(personas)
    .where(eq(personas.automationMode, 'cloud'));
  const [campaignRows, activityRows, runtimeRows] = await Promise.all([
    db
      .select({ name: campaigns.name, state: campaigns.state, pauseReason: campaigns.pauseReason })
      .from(campaigns)
      .where(inArray(campaigns.personaId, cloudPersonas)),
    db
      .select({
        operationType: activities.operationType,
        state: activities.state,
        dueAt: activities.dueAt,
        attempt: activities.attempt,
        leaseOwner: activities.leaseOwner,
        leaseExpiresAt: activities.leaseExpiresAt,
        outcome: activities.outcome,
        error: activities.error,
      })
      .from(activities)
      .where(inArray(activities.personaId, cloudPersonas)),
    db.select().from(personaRuntime).where(inArray(personaRuntime.personaId, cloudPersonas)),
  ]);
  return { campaigns: campaignRows, activities: activityRows, personaRuntime: runtimeRows };
}
