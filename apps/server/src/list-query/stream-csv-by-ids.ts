import { Readable } from 'node:stream';
import { type CsvColumn, formatCsvHeader, formatCsvRow } from '@outpilot/domain';

/** Rows read and written per step of an id-chunked export (the lists' largest page). */
export const exportChunkSize = 1000;

/**
 * A CSV file of rows built in TypeScript (labels, links), as a stream: the header, then the rows
 * of `ids` in their order, loaded `exportChunkSize` at a time as the client takes them. Each
 * chunk is a short query of its own, so a slow or stalled download holds no connection, and only
 * one chunk is in memory. The caller reads the ids first, so a bad query fails before any byte;
 * `load` answers the rows of the ids it still finds, in the ids' order (a row deleted since is
 * left out).
 */
export function streamCsvByIds<Row>(
  ids: readonly string[],
  columns: readonly CsvColumn<Row>[],
  load: (chunk: readonly string[]) => Promise<readonly Row[]>,
): Readable {
  async function* lines() {
    yield formatCsvHeader(columns);
    for (let start = 0; start < ids.length; start += exportChunkSize) {
      const rows = await load(ids.slice(start, start + exportChunkSize));
      yield rows.map((row) => formatCsvRow(row, columns)).join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
