import { Worker } from 'node:worker_threads';
import type { PreparedContacts, RecordsFormat } from './contact-records.ts';
import type { ParseCsvJob, ParseCsvMessage } from './parse-csv-job.ts';

export type ParsedContactsFile = {
  /** The file's profiles, deduplicated and written as the upsert statement reads them. */
  prepared: PreparedContacts;
  skippedDuplicates: number;
  skippedInvalid: number;
};

/** The file's own fault (not an Outpilot file, no profiles, unreadable): the message says which. */
export class ContactsFileRefused extends Error {}

type PendingJob = {
  format: RecordsFormat;
  chunks: string[];
  resolve(parsed: ParsedContactsFile): void;
  reject(error: unknown): void;
};

const workerEntry = new URL('./parse-csv-worker.mjs', import.meta.url);
let worker: Worker | undefined;
let nextJobId = 1;
const pending = new Map<number, PendingJob>();

/**
 * The one parsing thread, started on the first file and kept until the server closes
 * (stopCsvParsing): starting a thread loads the TypeScript of the parser again, which takes
 * seconds on a small machine.
 */
function parsingWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerEntry);
  started.on('message', onMessage);
  const failAll = (error: unknown) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`CSV parsing worker exited with code ${code}`)));
  worker = started;
  return started;
}

function onMessage(message: ParseCsvMessage): void {
  const job = pending.get(message.jobId);
  if (!job) return;
  if (message.kind === 'chunk') {
    job.chunks.push(message.text);
    return;
  }
  pending.delete(message.jobId);
  if (message.kind === 'refused') job.reject(new ContactsFileRefused(message.message));
  else {
    const { skippedDuplicates, skippedInvalid, profileCount, recordCount } = message;
    job.resolve({
      prepared: { format: job.format, chunks: job.chunks, profileCount, recordCount },
      skippedDuplicates,
      skippedInvalid,
    });
  }
}

/**
 * Decodes and parses a contact file in a worker thread, so a 50 MB file does not stop the server
 * answering everyone else for seconds; the same thread deduplicates the profiles, numbers the new
 * contacts at `now` and writes the rows out (contact-records.ts), so what comes back is text in
 * chunks the main thread hands to the database as it is.
 */
export function parseContactsFileOffThread(
  bytes: Uint8Array,
  options: { now: Date; format: RecordsFormat },
): Promise<ParsedContactsFile> {
  return new Promise((resolve, reject) => {
    const jobId = nextJobId++;
    pending.set(jobId, { format: options.format, chunks: [], resolve, reject });
    parsingWorker().postMessage({
      jobId,
      bytes,
      now: options.now.getTime(),
      format: options.format,
    } satisfies ParseCsvJob);
  });
}

/** Ends the parsing thread (the server's onClose); the next file starts a new one. */
export async function stopCsvParsing(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}
