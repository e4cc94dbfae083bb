/** A value of an exported cell; dates are written as ISO 8601 in UTC, null and undefined as ''. */
export type CsvCell = string | number | boolean | Date | null | undefined;
export type CsvColumn<Row> = { title: string; value: (row: Row) => CsvCell };

/** Excel opens a BOM-less UTF-8 file as the local ANSI code page and garbles names. */
export const csvBom = '\uFEFF';
const lineEnd = '\r\n';
// A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
const formulaStart = /^[=+\-@\t\r]/;

/** One field: formula-guarded with a leading apostrophe, quoted, inner quotes doubled. */
export function formatCsvField(cell: CsvCell): string {
  let text: string;
  if (cell === null || cell === undefined) text = '';
  else if (cell instanceof Date) text = cell.toISOString();
  else if (typeof cell === 'string') text = formulaStart.test(cell) ? `'${cell}` : cell;
  else text = String(cell);
  return `"${text.replaceAll('"', '""')}"`;
}

/** The first chunk of a streamed file: the BOM and the header line. */
export function formatCsvHeader(columns: readonly CsvColumn<never>[]): string {
  return `${csvBom}${columns.map((column) => formatCsvField(column.title)).join(',')}${lineEnd}`;
}

/** One data line, CRLF-terminated, ready to be written to the response stream. */
export function formatCsvRow<Row>(row: Row, columns: readonly CsvColumn<Row>[]): string {
  return `${columns.map((column) => formatCsvField(column.value(row))).join(',')}${lineEnd}`;
}

/** A whole file at once, for small exports and tests; the server streams header + rows. */
export function writeCsv<Row>(rows: Iterable<Row>, columns: readonly CsvColumn<Row>[]): string {
  const parts = [formatCsvHeader(columns)];
  for (const row of rows) parts.push(formatCsvRow(row, columns));
  return parts.join('');
}
