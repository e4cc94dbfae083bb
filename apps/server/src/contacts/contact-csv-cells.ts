import { linkedinProfileBase, salesLeadBase } from '@outpilot/domain';
import { type SQL, sql } from 'drizzle-orm';
import { contacts } from '../db/schema.ts';

/** Characters encodeURIComponent keeps as they are. */
const uriUnreserved = `[0-9A-Za-z_.!~*''()-]`;

/**
 * The cells of one contact's line of GET contacts/export, as text columns "c0", "c1", … (never
 * null), computed by the database so that PostgreSQL can write the file with COPY (…) TO STDOUT
 * (FORMAT csv, FORCE_QUOTE *) (list-query/stream-csv.ts) instead of Node formatting every cell.
 *
 * What is left to the CSV writer is what COPY does: double quotes around every cell, inner quotes
 * doubled. Everything else of formatCsvField / contactExportColumns (the domain's definition of
 * the file, which also writes its header) is done here: the formula guard (an apostrophe before
 * = + - @ tab CR), null as '', the profile link, the connection and premium labels, dates as
 * JavaScript's toISOString() in UTC (milliseconds, truncated as the drivers do; years
 * 1000-9999, all our clock writes). contacts/export-contacts.test.ts compares the whole file with
 * the domain's writeContactsCsv byte for byte, on hostile data, on both databases.
 */
export const contactCsvCells: SQL = sql.join(
  [
    profileLink(sql`${contacts.linkedinPublicIdentifier}`, sql`${contacts.salesLeadId}`),
    guarded(sql`${contacts.firstName}`),
    guarded(sql`${contacts.lastName}`),
    guarded(sql`${contacts.lastJob}`),
    guarded(sql`${contacts.occupation}`),
    guarded(sql`${contacts.location}`),
    guarded(sql`${contacts.customField1}`),
    guarded(sql`${contacts.customField2}`),
    guarded(sql`${contacts.customField3}`),
    guarded(sql`${contacts.fullName}`),
    sql`case ${contacts.distance} when 1 then '1st' when 2 then '2nd' when 3 then '3rd+' else '' end`,
    sql`case when ${contacts.isPremium} then 'Yes' else 'No' end`,
    isoDate(sql`${contacts.importedAt}`),
    isoDate(sql`${contacts.contactedAt}`),
  ].map((cell, index) => sql`${cell} as ${sql.raw(`"c${index}"`)}`),
  sql.raw(', '),
);

/** A text column with the formula guard (= + - @ tab CR, by ascii() of its first character); null as ''. */
function guarded(column: SQL): SQL {
  return sql`case when ascii(${column}) in (61, 43, 45, 64, 9, 13) then '''' || ${column} else coalesce(${column}, '') end`;
}

/** toISOString() of a timestamptz; '' for null. */
function isoDate(column: SQL): SQL {
  return sql`coalesce(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), '')`;
}

/**
 * The export's profile link, as contactExportColumns writes it: profileLinkUrl of the public
 * identifier, else of the Sales Navigator lead id, else ''. A link never starts with a formula
 * character, so it needs no guard.
 */
function profileLink(slug: SQL, leadId: SQL): SQL {
  return sql`case when ${slug} is not null then ${sql.raw(`'${linkedinProfileBase}'`)} || ${uriComponent(slug)} || '/'
    when ${leadId} is not null then ${sql.raw(`'${salesLeadBase}'`)} || ${uriComponent(leadId)}
    else '' end`;
}

/** encodeURIComponent: the UTF-8 bytes of every character but the unreserved ones as upper-case %XX. */
function uriComponent(text: SQL): SQL {
  return sql`case when ${text} ~ ${sql.raw(`'^${uriUnreserved}*$'`)} then ${text} else (
    select string_agg(case when ch ~ ${sql.raw(`'^${uriUnreserved}$'`)} then ch
      else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end, '' order by n)
    from regexp_split_to_table(${text}, '') with ordinality as chars(ch, n)) end`;
}
