import { Worker } from 'node:worker_threads';
import type { ParseCsvJob, ParseCsvMessage } from './parse-csv-job.ts';
import type { ContactInput } from './upsert-contacts.ts';

export type ParsedContactsFile = {
  profiles: ContactInput[];
  skippedDuplicates: number;
  skippedInvalid: number;
};

/** The file's own fault (not an Outpilot file, no profiles, unreadable): the message says which. */
export class ContactsFileRefused extends Error {}

type PendingJob = {
  profiles: ContactInput[];
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
  if (message.kind === 'profiles') {
    for (const profile of message.profiles) job.profiles.push(profile);
    return;
  }
  pending.delete(message.jobId);
  if (message.kind === 'refused') job.reject(new ContactsFileRefused(message.message));
  else {
    const { skippedDuplicates, skippedInvalid } = message;
    job.resolve({ profiles: job.profiles, skippedDuplicates, skippedInvalid });
  }
}

/**
 * Decodes and parses a contact file in a worker thread, so a 50 MB file does not stop the server
 * answering everyone else for seconds. The profiles come back in chunks (parse-csv-job.ts), each
 * a short pause for the main thread rather than one long one.
 */
export function parseContactsFileOffThread(bytes: Uint8Array): Promise<ParsedContactsFile> {
  return new Promise((resolve, reject) => {
    const jobId = nextJobId++;
    pending.set(jobId, { profiles: [], resolve, reject });
    parsingWorker().postMessage({ jobId, bytes } satisfies ParseCsvJob);
  });
}

/** Ends the parsing thread (the server's onClose); the next file starts a new one. */
export async function stopCsvParsing(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await running.terminate();
}
