import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ProviderSubscription } from '../billing/payments-port.ts';
import type { Executor } from '../db/executor.ts';
import { teamMembers, teamPaidSubscriptions } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { recordTeamChange } from './record-team-change.ts';

/**
 * Records who paid for a member's plan (§6 'Activated by', the Self-Paid rule) once the provider
 * has the subscription, whether the payer comes back from the hosted checkout (sync) or not (the
 * webhook). The subscription's tags say it: `ownerId` (the payer) differs from `personaId` (the
 * member). The pending checkout the payer opened for that member is matched by its id when the
 * caller knows it (sync, a checkout event), else the newest one still pending. A subscription
 * already recorded is left as it is; `activated` is written to the audit log once, by whichever
 * comes first. Answers whether this call recorded it.
 */
export async function recordMemberCheckoutPayer(
  deps: { db: Executor; clock: AppDeps['clock'] },
  subscription: Pick<ProviderSubscription, 'id' | 'ownerId' | 'personaId' | 'planId'>,
  checkoutId: string | null = null,
): Promise<boolean> {
  if (!subscription.ownerId || subscription.ownerId === subscription.personaId) return false;
  const [known] = await deps.db
    .select({ checkoutId: teamPaidSubscriptions.checkoutId })
    .from(teamPaidSubscriptions)
    .where(eq(teamPaidSubscriptions.providerSubscriptionId, subscription.id));
  if (known) return false;
  const pending = and(
    eq(teamPaidSubscriptions.payerPersonaId, subscription.ownerId),
    eq(teamPaidSubscriptions.memberPersonaId, subscription.personaId),
    isNull(teamPaidSubscriptions.providerSubscriptionId),
  );
  const [opened] = await deps.db
    .select()
    .from(teamPaidSubscriptions)
    .where(checkoutId === null ? pending : and(pending, eq(teamPaidSubscriptions.checkoutId, checkoutId)))
    .orderBy(desc(teamPaidSubscriptions.createdAt))
    .limit(1);
  // Tags that name no checkout the payer opened for this member are not taken on trust.
  if (!opened) return false;
  const linked = await deps.db
    .update(teamPaidSubscriptions)
    .set({ providerSubscriptionId: subscription.id })
    .where(
      and(
        eq(teamPaidSubscriptions.checkoutId, opened.checkoutId),
        isNull(teamPaidSubscriptions.providerSubscriptionId),
      ),
    )
    .returning({ checkoutId: teamPaidSubscriptions.checkoutId });
  if (linked.length === 0) return false;
  const [member] = await deps.db
    .select({ email: teamMembers.email })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, opened.teamId), eq(teamMembers.personaId, opened.memberPersonaId)));
  await recordTeamChange(deps, {
    teamId: opened.teamId,
    actorPersonaId: opened.payerPersonaId,
    action: 'member_subscription_changed',
    subject: member?.email ?? null,
    details: { change: 'activated', plan: subscription.planId },
  });
  return true;
}
