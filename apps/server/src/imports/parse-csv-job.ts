import { parentPort } from 'node:worker_threads';
import { importTexts } from '@outpilot/contracts';
import {
  type ContactImportRecord,
  ContactsCsvError,
  decodeCsvBytes,
  parseContactsCsv,
} from '@outpilot/domain';
import type { ContactInput } from './upsert-contacts.ts';

/** A file to parse, numbered by the main thread. */
export type ParseCsvJob = { jobId: number; bytes: Uint8Array };

/** What the worker sends back per job: profiles in chunks, then one summary or one refusal. */
export type ParseCsvMessage = { jobId: number } & (
  | { kind: 'profiles'; profiles: ContactInput[] }
  | { kind: 'done'; skippedDuplicates: number; skippedInvalid: number }
  | { kind: 'refused'; message: string }
);

/**
 * Profiles per message: the main thread deserialises one message at a time, so each chunk costs
 * it a few milliseconds instead of one long pause for the whole file.
 */
const profilesPerMessage = 2000;

const port = parentPort;
if (port === null) throw new Error('parse-csv-job runs in a worker thread');

/** Jobs run one after the other: each is synchronous from its first byte to its last message. */
port.on('message', ({ jobId, bytes }: ParseCsvJob) => {
  const send = (message: ParseCsvMessage) => port.postMessage(message);
  let parsed: ReturnType<typeof parseContactsCsv>;
  try {
    parsed = parseContactsCsv(decodeCsvBytes(bytes));
  } catch (error) {
    const message = error instanceof ContactsCsvError ? error.message : importTexts.fileReadError;
    send({ jobId, kind: 'refused', message });
    return;
  }
  for (let start = 0; start < parsed.records.length; start += profilesPerMessage) {
    const profiles = parsed.records.slice(start, start + profilesPerMessage).map(toContactInput);
    send({ jobId, kind: 'profiles', profiles });
  }
  send({
    jobId,
    kind: 'done',
    skippedDuplicates: parsed.skippedDuplicates,
    skippedInvalid: parsed.skippedInvalid,
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
