import type pg from 'pg';

/**
 * Bulk contacts for one workspace, generated in the database (generate_series; names, headlines,
 * companies and locations cycling, imported one second apart, 5 rows named 'Quentin Zarkowski'
 * for a selective search).
 */
export async function seedContacts(client: pg.ClientBase, personaId: string, rows: number): Promise<void> {
  await client.query(
    `insert into contacts (persona_id, linkedin_public_identifier, first_name, last_name, full_name,
       occupation, last_job, location, country, distance, is_premium, custom_field_1, imported_at, created_at)
     select $1::uuid, 'bench-' || left($1::text, 8) || '-' || g,
       case when g % ($2::int / 5) = 17 then 'Quentin' else (array['Anna','Ben','Chloé','David','Eva','Farid','Grace','Hiro','Inès','Jonas'])[g % 10 + 1] end,
       case when g % ($2::int / 5) = 17 then 'Zarkowski' else (array['Meyer','O''Brien','Novak','Schmidt','García','Kowalski','Rossi','Smith','Tanaka'])[g % 9 + 1] end,
       case when g % ($2::int / 5) = 17 then 'Quentin Zarkowski' else (array['Anna','Ben','Chloé','David','Eva','Farid','Grace','Hiro','Inès','Jonas'])[g % 10 + 1] || ' ' || (array['Meyer','O''Brien','Novak','Schmidt','García','Kowalski','Rossi','Smith','Tanaka'])[g % 9 + 1] end,
       (array['Head of Sales','CTO','Recruiter','Software Engineer','Founder & CEO','Product Manager'])[g % 6 + 1],
       (array['Acme Inc.','Globex','Initech','Umbrella','Hooli','Stark Industries'])[g % 6 + 1],
       (array['Berlin, Germany','Paris, France','London, United Kingdom','New York, United States'])[g % 4 + 1],
       (array['Germany','France','United Kingdom','United States'])[g % 4 + 1],
       g % 3 + 1, g % 7 = 0, 'segment ' || (g % 13),
       timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second',
       timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second'
     from generate_series(1, $2::int) g`,
    [personaId, rows],
  );
}

/**
 * Loads a lot of contacts fast: the contacts table's secondary indexes are dropped, the rows
 * inserted, then the same index definitions (pg_indexes) are built again, two at a time.
 */
export async function withIndexesRebuilt(
  clients: [pg.ClientBase, pg.ClientBase],
  load: () => Promise<void>,
): Promise<void> {
  const [first, second] = clients;
  const { rows } = await first.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename = 'contacts'
       and indexname not in (select conname from pg_constraint where conrelid = 'contacts'::regclass)`,
  );
  for (const row of rows) await first.query(`drop index "${row.indexname}"`);
  await load();
  const queue = [...rows];
  const worker = async (client: pg.ClientBase) => {
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (let next = queue.shift(); next !== undefined; next = queue.shift())
      await client.query(next.indexdef);
  };
  await Promise.all([worker(first), worker(second)]);
  await first.query('vacuum analyze contacts');
  await first.query('vacuum analyze contact_tags');
}
