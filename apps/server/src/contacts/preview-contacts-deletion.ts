import type { ContactsDeletePreviewAnswer, ContactsSelectionQuery } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of.ts';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { inRunningCampaign, runningCampaignRule, selectedContacts } from './contact-selection.ts';

/**
 * GET contacts/delete/preview: how many of the selected contacts can be deleted, and how many
 * each rule keeps (one rule: contacts in running campaigns stay).
 */
export async function previewContactsDeletion(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ContactsSelectionQuery },
): Promise<ContactsDeletePreviewAnswer> {
  const where = selectedContacts(input.personaId, input.query);
  const [counts] = rowsOf<{ selected: number; kept: number }>(
    await deps.db.execute(sql`select count(*)::int as selected,
        (count(*) filter (where ${inRunningCampaign}))::int as kept
      from ${contacts} where ${where}`),
  );
  const selected = counts?.selected ?? 0;
  const kept = counts?.kept ?? 0;
  return {
    validation_rules_summary: kept > 0 ? [{ count: kept, description: runningCampaignRule }] : [],
    valid_audience_count: selected - kept,
  };
}
