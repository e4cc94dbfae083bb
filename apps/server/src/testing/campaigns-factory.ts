import type { CampaignState, CampaignStep, ExecutionState, PauseReason } from '@outpilot/contracts';
import { expandSteps } from '@outpilot/domain';
import type { Database } from '../db/create-database.ts';
import { type ActivityAction, activityLog, campaignAudience, campaigns, executions } from '../db/schema.ts';

/** A runnable two-step sequence: an invitation with a note, then a message. */
export const connectThenMessage: CampaignStep[] = [
  { type: 'Connect', message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 },
  { type: 'Message', message_template: 'Thanks {first_name} from {company_name}!', timeout: 4320 },
];

export type CampaignSeed = {
  name?: string;
  steps?: CampaignStep[];
  state?: CampaignState;
  /** Why a Stopped campaign is paused (a network reason locks its row). */
  pauseReason?: PauseReason;
  archived?: boolean;
  launchInMinutes?: number;
  createdAt?: Date;
};

/** A campaign row of a workspace, in any state, with its steps stored in the expanded form. */
export async function createCampaignRow(
  db: Database,
  personaId: string,
  seed: CampaignSeed = {},
): Promise<typeof campaigns.$inferSelect> {
  const [row] = await db
    .insert(campaigns)
    .values({
      personaId,
      name: seed.name ?? 'Test campaign',
      steps: expandSteps(seed.steps ?? connectThenMessage),
      state: seed.state ?? 'Compose',
      archived: seed.archived ?? false,
      pauseReason: seed.pauseReason ?? null,
      launchInMinutes: seed.launchInMinutes ?? 0,
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      ...(seed.state && seed.state !== 'Compose' ? { startedAt: seed.createdAt ?? new Date() } : {}),
    })
    .returning();
  if (!row) throw new Error('createCampaignRow: insert returned no row');
  return row;
}

/** Puts contacts in a campaign's audience. */
export async function addAudience(
  db: Database,
  campaign: { id: string; personaId: string },
  contactIds: readonly string[],
): Promise<void> {
  if (contactIds.length === 0) return;
  await db
    .insert(campaignAudience)
    .values(
      contactIds.map((contactId) => ({ campaignId: campaign.id, personaId: campaign.personaId, contactId })),
    );
}

/**
 * An execution in a given state at a step (0-based index), with its step states filled as reached;
 * the contact joins the audience first if it is not in it (an execution is an audience row's run).
 */
export async function createExecutionRow(
  db: Database,
  campaign: { id: string; personaId: string },
  contactId: string,
  values: { state: ExecutionState; stepIndex?: number | null; stepStates?: Record<string, ExecutionState> },
): Promise<typeof executions.$inferSelect> {
  await db
    .insert(campaignAudience)
    .values({ campaignId: campaign.id, personaId: campaign.personaId, contactId })
    .onConflictDoNothing();
  const [row] = await db
    .insert(executions)
    .values({
      personaId: campaign.personaId,
      campaignId: campaign.id,
      contactId,
      state: values.state,
      stepIndex: values.stepIndex ?? null,
      stepStates: values.stepStates ?? {},
    })
    .returning();
  if (!row) throw new Error('createExecutionRow: insert returned no row');
  return row;
}

/** Activity log rows (what the runner reported) for an execution. */
export async function logActivities(
  db: Database,
  execution: { id: string; personaId: string; campaignId: string },
  actions: readonly ActivityAction[],
  occurredAt: Date = new Date(),
): Promise<void> {
  if (actions.length === 0) return;
  await db.insert(activityLog).values(
    actions.map((action) => ({
      personaId: execution.personaId,
      campaignId: execution.campaignId,
      executionId: execution.id,
      action,
      occurredAt,
    })),
  );
}
