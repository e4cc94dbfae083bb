import { type ContactsSelectionQuery, contactsTexts, type DeleteContactsAnswer } from '@outpilot/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of.ts';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { inRunningCampaign, selectedContacts } from './contact-selection.ts';

/**
 * DELETE contacts: deletes the selected contacts the rules allow (not in a running campaign) in
 * one statement; their tags go with them (cascade). None deletable: 422 'Please select other contacts'.
 */
export async function deleteContacts(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ContactsSelectionQuery },
): Promise<DeleteContactsAnswer> {
  const where = selectedContacts(input.personaId, input.query);
  const [deleted] = rowsOf<{ count: number }>(
    await deps.db.execute(sql`with deleted as (
        delete from ${contacts} where ${where} and not ${inRunningCampaign} returning 1
      ) select count(*)::int as count from deleted`),
  );
  const count = deleted?.count ?? 0;
  if (count === 0) throw new ValidationError('filter', contactsTexts.selectOtherContacts);
  return { deleted_count: count };
}
