import { type SQL, sql } from 'drizzle-orm';
import { contacts } from '../db/schema.ts';

/** Characters encodeURIComponent keeps as they are. */
const uriUnreserved = `[0-9A-Za-z_.!~*''()-]`;
const comma = sql.raw(`','`);

/**
 * One contact's line of GET contacts/export, built by the database so that PostgreSQL can stream
 * the whole file with COPY (list-query/stream-lines.ts) instead of Node formatting every cell.
 *
 * It must stay byte for byte what the domain's formatCsvRow(contact, contactExportColumns)
 * writes for the contact's document (write-csv.ts, contacts-export.ts), which remains the
 * definition of the format (the header, the CSV example): contacts/export-contacts.test.ts
 * compares the two on hostile data on both databases. Per cell: a formula guard (an apostrophe
 * before = + - @ tab CR), double quotes around it, inner quotes doubled, nothing else escaped;
 * null as an empty cell; dates as JavaScript's toISOString() in UTC (milliseconds, truncated as
 * the drivers do; years 1000-9999, all our clock can write); CRLF at the end. The line is ONE
 * concat() of its parts (concat writes null as ''): one allocation, not one per `||`.
 */
export const contactCsvLine: SQL = sql`concat(${sql.join(
  [
    profileLink(sql`${contacts.linkedinPublicIdentifier}`),
    ...[
      contacts.firstName,
      contacts.lastName,
      contacts.lastJob,
      contacts.occupation,
      contacts.location,
      contacts.customField1,
      contacts.customField2,
      contacts.customField3,
      contacts.fullName,
    ].flatMap((column) => [comma, ...cell(sql`${column}`)]),
    comma,
    sql`case ${contacts.distance} when 1 then '"1st"' when 2 then '"2nd"' when 3 then '"3rd+"' else '""' end`,
    comma,
    sql`case when ${contacts.isPremium} then '"Yes"' else '"No"' end`,
    comma,
    ...isoDate(sql`${contacts.importedAt}`),
    comma,
    ...isoDate(sql`${contacts.contactedAt}`),
    sql.raw(`E'\\r\\n'`),
  ],
  sql.raw(', '),
)})`;

/** formatCsvField of a text column: the opening quote (with the formula guard), the text, the closing quote. */
function cell(column: SQL): SQL[] {
  return [
    // = + - @ tab CR; ascii() of the first character: no substring built per cell.
    sql`case when ascii(${column}) in (61, 43, 45, 64, 9, 13) then '"''' else '"' end`,
    sql`replace(${column}, '"', '""')`,
    sql.raw(`'"'`),
  ];
}

/** toISOString() of a timestamptz, quoted; '""' for null. */
function isoDate(column: SQL): SQL[] {
  return [
    sql.raw(`'"'`),
    sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    sql.raw(`'"'`),
  ];
}

/**
 * profileLinkUrl({ publicIdentifier }) quoted, or '""': the slug through encodeURIComponent (UTF-8
 * bytes of any other character as upper-case %XX). A link never starts with a formula character
 * nor holds a quote (encodeURIComponent escapes it), so it needs no guard.
 */
function profileLink(slug: SQL): SQL {
  const encoded = sql`case when ${slug} ~ ${sql.raw(`'^${uriUnreserved}*$'`)} then ${slug} else (
    select string_agg(case when ch ~ ${sql.raw(`'^${uriUnreserved}$'`)} then ch
      else upper(regexp_replace(encode(convert_to(ch, 'UTF8'), 'hex'), '(..)', '%\\1', 'g')) end, '' order by n)
    from regexp_split_to_table(${slug}, '') with ordinality as chars(ch, n)) end`;
  return sql`case when ${slug} is null then '""'
    else concat('"https://www.linkedin.com/in/', ${encoded}, '/"') end`;
}
