import type { Campaign, CampaignOwner } from '@outpilot/contracts';
import { allowAddSteps, campaignEvents, foldSteps, profileLinkUrl } from '@outpilot/domain';
import { eq } from 'drizzle-orm';
import { type Executor, readTogether } from '../db/executor.ts';
import { personas, users } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import type { CampaignRow } from './find-campaign.ts';
import { loadCampaignStatistics } from './load-campaign-statistics.ts';

export async function loadCampaignOwner(db: Executor, personaId: string): Promise<CampaignOwner> {
  const [row] = await db
    .select({
      email: users.email,
      givenName: users.givenName,
      familyName: users.familyName,
      publicIdentifier: personas.networkPublicIdentifier,
    })
    .from(personas)
    .innerJoin(users, eq(users.id, personas.userId))
    .where(eq(personas.id, personaId));
  if (!row) throw new NotFoundError('Workspace not found');
  return {
    email: row.email,
    nickname: `${row.givenName} ${row.familyName}`.trim() || row.email,
    persona_id: personaId,
    linkedin_profile: profileLinkUrl({ publicIdentifier: row.publicIdentifier }),
  };
}

/**
 * Campaign documents of one persona: steps in the read form, statistics from the kept-up tallies, and the
 * events and allowAddSteps flags from the same domain rules the calls apply.
 */
export async function toCampaignDocuments(
  db: Executor,
  personaId: string,
  rows: readonly CampaignRow[],
): Promise<Campaign[]> {
  if (rows.length === 0) return [];
  const [owner, figures] = await readTogether(db, [
    () => loadCampaignOwner(db, personaId),
    () =>
      loadCampaignStatistics(
        db,
        rows.map((row) => row.id),
      ),
  ]);
  return rows.map((row) => {
    const figure = figures.get(row.id);
    if (!figure) throw new Error(`toCampaignDocuments: no statistics for campaign ${row.id}`);
    const { statistics, targetAudienceCount } = figure;
    const steps = foldSteps(row.steps);
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      complete_reason: row.completeReason,
      pause_reason: row.pauseReason,
      archived: row.archived,
      created: row.createdAt.toISOString(),
      started: row.startedAt?.toISOString() ?? null,
      completed: row.completedAt?.toISOString() ?? null,
      target_audience_count: targetAudienceCount,
      in_queue_count: statistics.in_queue_count,
      owner,
      steps,
      statistics,
      events: campaignEvents({
        state: row.state,
        archived: row.archived,
        target_audience_count: targetAudienceCount,
        steps,
      }),
      allowAddSteps: allowAddSteps(row),
      launch_in_minutes: row.launchInMinutes,
    };
  });
}

export async function toCampaignDocument(db: Executor, row: CampaignRow): Promise<Campaign> {
  const [document] = await toCampaignDocuments(db, row.personaId, [row]);
  if (!document) throw new NotFoundError('Campaign not found');
  return document;
}
