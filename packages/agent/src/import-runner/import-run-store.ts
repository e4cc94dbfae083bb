import {
  importNameMaxLength,
  importRunStateSchema,
  importSourceUriMaxLength,
  importTotalMax,
  importUrlSourceSchema,
} from '@outpilot/contracts';
import { z } from 'zod';
import type { KeyValueStore } from '../storage.ts';
import { importRunKey } from './import-run-key.ts';

const identifiersKey = 'importRun.identifiers';
const stopKey = 'importRun.stop';

const count = z.number().int().nonnegative();

/**
 * What a restarted agent needs to pick a run up where it stopped: its source, its import list, the
 * offset of the first member not yet uploaded, and the state the app was shown. Pasted identifiers
 * are kept once under a key of their own, so the record written after every page stays small.
 */
export const importRunRecordSchema = z.object({
  version: z.literal(1),
  runId: z.string().min(1).max(100),
  source: z.union([importUrlSourceSchema, z.literal('profile_urls')]),
  /** The search URL; null for pasted profile URLs. */
  url: z.string().max(importSourceUriMaxLength).nullable(),
  name: z.string().min(1).max(importNameMaxLength),
  /** Null until the server opened the list. */
  importId: z.uuid().nullable(),
  nextOffset: count,
  state: importRunStateSchema,
  startedAt: z.iso.datetime(),
  /** When the run last made progress (the injected clock): a run silent for long is abandoned. */
  updatedAt: z.iso.datetime(),
});
export type ImportRunRecord = z.infer<typeof importRunRecordSchema>;

const identifiersSchema = z.object({
  runId: z.string().min(1).max(100),
  identifiers: z.array(z.string().min(1).max(200)).max(importTotalMax),
});

function parseStored<T extends z.ZodType>(schema: T, raw: string | undefined): z.output<T> | null {
  if (raw === undefined) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type ImportRunStore = ReturnType<typeof createImportRunStore>;

/** The import run in the agent's storage; everything read back is checked, a damaged entry reads as none. */
export function createImportRunStore(store: KeyValueStore) {
  return {
    read: async (): Promise<ImportRunRecord | null> =>
      parseStored(importRunRecordSchema, await store.get(importRunKey)),
    write: (record: ImportRunRecord) =>
      store.set(importRunKey, JSON.stringify(importRunRecordSchema.parse(record))),
    /** The pasted identifiers of run `runId`, or null when they are missing or another run's. */
    async readIdentifiers(runId: string): Promise<string[] | null> {
      const stored = parseStored(identifiersSchema, await store.get(identifiersKey));
      return stored?.runId === runId ? stored.identifiers : null;
    },
    writeIdentifiers: (runId: string, identifiers: readonly string[]) =>
      store.set(identifiersKey, JSON.stringify({ runId, identifiers })),
    /** Asks whichever agent drives run `runId` to stop it (a stop pressed in another tab). */
    requestStop: (runId: string) => store.set(stopKey, runId),
    isStopRequested: async (runId: string) => (await store.get(stopKey)) === runId,
    async remove() {
      await store.remove(importRunKey);
      await store.remove(identifiersKey);
      await store.remove(stopKey);
    },
    /** Changes to the record made by another agent. */
    subscribe(listener: () => void): () => void {
      return (
        store.subscribe?.((key) => {
          if (key === importRunKey) listener();
        }) ?? (() => undefined)
      );
    },
  };
}
