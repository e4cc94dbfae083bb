import type { ImportProfile, UploadImportProfilesAnswer } from '@outpilot/contracts';
import { eq, sql } from 'drizzle-orm';
import { importLists } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import type { ContactInput } from './contact-records.ts';
import { findImportList } from './import-list-document.ts';
import { importFinishedError } from './import-state-error.ts';
import { importNotFoundMessage } from './rename-import.ts';
import { upsertContacts } from './upsert-contacts.ts';

/**
 * POST imports/{id}/profiles (agent): one batch of found profiles, stored and tagged with the
 * list in one transaction; uploaded = newly in the list, skipped = duplicates (in the batch or
 * already in the list). The list's counters and processed grow by the batch.
 */
export async function uploadImportProfiles(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  input: { personaId: string; id: string; profiles: readonly ImportProfile[] },
): Promise<UploadImportProfilesAnswer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const list = await findImportList(tx, input.personaId, input.id, { forUpdate: true });
    if (list === null) throw new NotFoundError(importNotFoundMessage);
    if (list.state !== 'running') throw importFinishedError();
    const result = await upsertContacts(tx, {
      personaId: input.personaId,
      importListId: list.id,
      now,
      profiles: input.profiles.map(toContactInput),
    });
    await tx
      .update(importLists)
      .set({
        uploadedCount: sql`${importLists.uploadedCount} + ${result.uploaded}`,
        skippedCount: sql`${importLists.skippedCount} + ${result.skipped}`,
        processed: sql`${importLists.processed} + ${input.profiles.length}`,
        updatedAt: now,
      })
      .where(eq(importLists.id, list.id));
    return result;
  });
}

function toContactInput(profile: ImportProfile): ContactInput {
  return {
    entityId: profile.linkedin_entity_id,
    publicIdentifier: profile.linkedin_public_identifier?.toLowerCase() ?? null,
    salesLeadId: profile.sales_lead_id,
    firstName: profile.first_name,
    lastName: profile.last_name,
    fullName: profile.full_name,
    occupation: profile.occupation,
    location: profile.location,
    lastJob: profile.company,
    country: null,
    pictureUrl: profile.picture_url,
    distance: profile.distance,
    isPremium: profile.is_premium,
    customField1: profile.custom_field_1,
    customField2: profile.custom_field_2,
    customField3: profile.custom_field_3,
  };
}
