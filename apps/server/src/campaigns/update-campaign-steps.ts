import type { Campaign, FieldError, UpdateStepsRequest } from '@outpilot/contracts';
import { checkStepsEdit, expandSteps, foldSteps, stepMessages } from '@outpilot/domain';
import { eq, sql } from 'drizzle-orm';
import { campaigns } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findCampaign } from './find-campaign.ts';
import { toCampaignDocument } from './to-campaign-documents.ts';

const ruleMessages: ReadonlySet<string> = new Set([stepMessages.editingLimited, stepMessages.notEditable]);

/**
 * PUT campaigns/{id}/update_steps: the domain's editing rules (checkStepsEdit). A started campaign
 * keeps its list's shape (422 'The campaign has already started, editing is limited'); warnings
 * answer 422 'Please fix all warnings' with every field error. Stored in the expanded form, with
 * the Delay steps; activities not yet performed use the new texts and timers.
 */
export async function updateCampaignSteps(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string; request: UpdateStepsRequest },
): Promise<Campaign> {
  return deps.db.transaction(async (tx) => {
    const row = await findCampaign(tx, { ...input, forUpdate: true });
    const errors = checkStepsEdit(row, foldSteps(row.steps), input.request.steps);
    const [first, ...rest] = errors;
    if (first) {
      const message = ruleMessages.has(first.description) ? first.description : stepMessages.fixAllWarnings;
      throw new AppError(422, 'UnprocessableEntity', message, { errors: [first, ...rest] as FieldError[] });
    }
    const [updated] = await tx
      .update(campaigns)
      .set({
        steps: expandSteps(input.request.steps),
        ...(input.request.launch_in_minutes === undefined || row.state !== 'Compose'
          ? {}
          : { launchInMinutes: input.request.launch_in_minutes }),
        version: sql`${campaigns.version} + 1`,
      })
      .where(eq(campaigns.id, row.id))
      .returning();
    if (!updated) throw new Error('updateCampaignSteps: update returned no row');
    return toCampaignDocument(tx, updated);
  });
}
