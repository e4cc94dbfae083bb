import { and, eq, inArray } from 'drizzle-orm';
import { pauseCampaign } from '../campaigns/stop-campaign.ts';
import { campaigns, personas, subscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Engine system: a workspace whose subscription has lapsed (trial over, paid plan ended or
 * overdue) runs nothing. Its Running campaigns stop with the reason SubscriptionExpired (their
 * queued activities cancelled, executions kept, so a run after paying picks up where they were),
 * and it is left out of the claim. Answers the workspaces still entitled to run, in input order.
 */
export async function pauseLapsedWorkspaces(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  personaIds: readonly string[],
): Promise<string[]> {
  if (personaIds.length === 0) return [];
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ id: personas.id, trialEndsAt: personas.trialEndsAt, status: subscriptions.providerStatus })
    .from(personas)
    .leftJoin(subscriptions, eq(subscriptions.personaId, personas.id))
    .where(inArray(personas.id, [...personaIds]));
  const lapsed = new Set(
    rows
      .filter((row) =>
        row.status === null ? row.trialEndsAt === null || row.trialEndsAt <= now : row.status !== 'active',
      )
      .map((row) => row.id),
  );
  if (lapsed.size === 0) return [...personaIds];
  const running = await deps.db
    .select({ id: campaigns.id, personaId: campaigns.personaId })
    .from(campaigns)
    .where(and(inArray(campaigns.personaId, [...lapsed]), eq(campaigns.state, 'Running')));
  for (const campaign of running) {
    await deps.db.transaction((tx) =>
      pauseCampaign(tx, {
        personaId: campaign.personaId,
        campaignId: campaign.id,
        now,
        reason: 'SubscriptionExpired',
      }),
    );
  }
  return personaIds.filter((id) => !lapsed.has(id));
}
