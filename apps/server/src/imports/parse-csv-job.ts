import { parentPort } from 'node:worker_threads';
import { importTexts } from '@outpilot/contracts';
import {
  type ContactImportRecord,
  ContactsCsvError,
  decodeCsvBytes,
  parseContactsCsv,
} from '@outpilot/domain';
import { type ContactInput, prepareContacts, type RecordsFormat } from './contact-records.ts';

/**
 * A file to parse, numbered by the main thread, with the instant its new contacts get their ids
 * at and the form the rows are wanted in (contact-records.ts).
 */
export type ParseCsvJob = { jobId: number; bytes: Uint8Array; now: number; format: RecordsFormat };

/**
 * What the worker sends back per job: the prepared rows a chunk per message (each a string the
 * main thread receives in a moment, rather than 100,000 objects to rebuild and write out), then
 * one summary or one refusal.
 */
export type ParseCsvMessage = { jobId: number } & (
  | { kind: 'chunk'; text: string }
  | {
      kind: 'done';
      skippedDuplicates: number;
      skippedInvalid: number;
      profileCount: number;
      recordCount: number;
    }
  | { kind: 'refused'; message: string }
);

const port = parentPort;
if (port === null) throw new Error('parse-csv-job runs in a worker thread');

/** Jobs run one after the other: each is synchronous from its first byte to its last message. */
port.on('message', ({ jobId, bytes, now, format }: ParseCsvJob) => {
  const send = (message: ParseCsvMessage) => port.postMessage(message);
  let parsed: ReturnType<typeof parseContactsCsv>;
  try {
    parsed = parseContactsCsv(decodeCsvBytes(bytes));
  } catch (error) {
    const message = error instanceof ContactsCsvError ? error.message : importTexts.fileReadError;
    send({ jobId, kind: 'refused', message });
    return;
  }
  const prepared = prepareContacts(parsed.records.map(toContactInput), new Date(now), format);
  for (const text of prepared.chunks) send({ jobId, kind: 'chunk', text });
  send({
    jobId,
    kind: 'done',
    skippedDuplicates: parsed.skippedDuplicates,
    skippedInvalid: parsed.skippedInvalid,
    profileCount: prepared.profileCount,
    recordCount: prepared.recordCount,
  });
});

function toContactInput(record: ContactImportRecord): ContactInput {
  const orNull = (text: string) => (text === '' ? null : text);
  const hasName = record.firstName !== '' || record.lastName !== '';
  return {
    entityId: null,
    publicIdentifier: record.publicIdentifier,
    salesLeadId: record.salesLeadId,
    firstName: orNull(record.firstName),
    lastName: orNull(record.lastName),
    // The parser falls back to the identifier; leave that to the insert so a re-import keeps a real name.
    fullName: hasName ? orNull(record.fullName) : null,
    occupation: orNull(record.title),
    location: orNull(record.country),
    lastJob: orNull(record.company),
    country: orNull(record.country),
    pictureUrl: null,
    distance: null,
    isPremium: null,
    customField1: orNull(record.customField1),
    customField2: orNull(record.customField2),
    customField3: orNull(record.customField3),
  };
}
