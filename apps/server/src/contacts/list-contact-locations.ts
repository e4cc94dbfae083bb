import type { ContactLocationsAnswer, ContactLocationsQuery } from '@outpilot/contracts';
import { FilterError } from '@outpilot/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of.ts';
import { contacts } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { ValidationError } from '../errors.ts';
import { compileSearch } from '../list-query/compile-list-query.ts';

/** GET contacts/locations: distinct locations of the workspace's contacts matching the search, A-Z. */
export async function listContactLocations(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; query: ContactLocationsQuery },
): Promise<ContactLocationsAnswer> {
  let search: ReturnType<typeof compileSearch>;
  try {
    search = compileSearch(input.query.searchQuery, [sql`${contacts.location}`]);
  } catch (error) {
    if (error instanceof FilterError) throw new ValidationError('searchQuery', error.message, error);
    throw error;
  }
  if (input.query.take === 0) return { documents: [] };
  const rows = rowsOf<{ location: string }>(
    await deps.db.execute(sql`select distinct ${contacts.location} as location from ${contacts}
      where ${contacts.personaId} = ${input.personaId}::uuid and ${contacts.location} is not null
        and ${contacts.location} <> ''${search ? sql` and ${search}` : sql``}
      order by 1 limit ${input.query.take}`),
  );
  return { documents: rows.map((row) => row.location) };
}
