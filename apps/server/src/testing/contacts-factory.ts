import type { Database } from '../db/create-database.ts';
import { contacts, contactTags, importLists } from '../db/schema.ts';

export type ContactSeed = Partial<Omit<typeof contacts.$inferInsert, 'personaId'>>;
export type CreatedContact = typeof contacts.$inferSelect;

const firstNames = ['Anna', 'Ben', 'Chloé', 'David', 'Eva', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas'];
const lastNames = ['Meyer', "O'Brien", 'Novak', 'Schmidt', 'García', 'Kowalski', 'Rossi', 'Smith', 'Tanaka'];
const companies = ['Acme Inc.', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries'];
const titles = ['Head of Sales', 'CTO', 'Recruiter', 'Software Engineer', 'Founder & CEO', 'Product Manager'];
const locations = ['Berlin, Germany', 'Paris, France', 'London, United Kingdom', 'New York, United States'];

const insertBatch = 1000;

/**
 * Inserts contacts for a workspace: `count` generated ones (distinct public identifiers, names,
 * companies, headlines and locations cycling through small lists, imported one second apart),
 * or the given rows (missing fields generated the same way). Optionally tags them with an import
 * list (`importListId`). Answers the rows in insertion order. For tests, browser tests and benchmarks.
 */
export async function createContacts(
  db: Database,
  personaId: string,
  countOrRows: number | readonly ContactSeed[],
  options: { importListId?: string; start?: Date } = {},
): Promise<CreatedContact[]> {
  const seeds =
    typeof countOrRows === 'number' ? Array.from({ length: countOrRows }, () => ({})) : countOrRows;
  const start = (options.start ?? new Date('2026-01-01T00:00:00Z')).getTime();
  const unique = crypto.randomUUID().slice(0, 8);
  const values = seeds.map((seed, index) => {
    const firstName = firstNames[index % firstNames.length] as string;
    const lastName = lastNames[index % lastNames.length] as string;
    const at = new Date(start + index * 1000);
    return {
      personaId,
      linkedinPublicIdentifier: `${firstName}-${lastName}-${unique}-${index}`
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, ''),
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      occupation: titles[index % titles.length] as string,
      lastJob: companies[index % companies.length] as string,
      location: locations[index % locations.length] as string,
      distance: (index % 3) + 1,
      importedAt: at,
      createdAt: at,
      ...seed,
    };
  });
  const created: CreatedContact[] = [];
  for (let offset = 0; offset < values.length; offset += insertBatch) {
    const rows = await db
      .insert(contacts)
      .values(values.slice(offset, offset + insertBatch))
      .returning();
    created.push(...rows);
    if (options.importListId !== undefined && rows.length > 0) {
      const importListId = options.importListId;
      await db.insert(contactTags).values(rows.map((row) => ({ importListId, contactId: row.id })));
    }
  }
  return created;
}

/** A completed import list of a workspace (for tagging contacts in tests). */
export async function createImportList(
  db: Database,
  personaId: string,
  values: Partial<Omit<typeof importLists.$inferInsert, 'personaId'>> = {},
): Promise<typeof importLists.$inferSelect> {
  const [row] = await db
    .insert(importLists)
    .values({ name: 'Test import', sourceType: 'network_search', state: 'completed', ...values, personaId })
    .returning();
  if (!row) throw new Error('createImportList: insert returned no row');
  return row;
}
