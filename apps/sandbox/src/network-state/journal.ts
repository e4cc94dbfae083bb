/**
 * The sandbox's durable memory. Its state is read from memory (searches and profile reads stay as
 * fast as before); every change is also written as a fact, upserted by (kind, key), and a request
 * that changed something is answered only once its facts are stored. So a process killed right
 * after the network answered still knows, after a restart, what it answered: the engine's
 * reconciliation ("ask the network what happened before any retry") finds it.
 */
export const factKinds = [
  'invitation',
  'conversation',
  'message',
  'follow',
  'reaction',
  'endorsement',
  'visit',
  'response',
  'session',
] as const;
export type FactKind = (typeof factKinds)[number];

/** A stored fact; `value` is JSON (instants as ISO strings). */
export type Fact = { kind: FactKind; key: string; value: unknown };
/** A fact to store, or to remove (`value: null`). */
export type FactChange = { kind: FactKind; key: string; value: unknown | null };

/**
 * Where the facts of one network live: the server gives its database (apps/server
 * sandbox-network); without one (unit tests, the standalone process) the network lives in memory.
 * `network` names the population (seed and size), so facts of another population are never read.
 */
export type SandboxStore = {
  /** Every fact of the network, in the order each was first written. */
  load(network: string): Promise<Fact[]>;
  /** Stores the changes together (all or none). */
  save(network: string, changes: FactChange[]): Promise<void>;
};

export type Journal = {
  put(kind: FactKind, key: string, value: unknown): void;
  remove(kind: FactKind, key: string): void;
  /** Resolves once every change made so far is stored. */
  settled(): Promise<void>;
};

export function createJournal(store: SandboxStore | undefined, network: string): Journal {
  if (!store) return { put: () => undefined, remove: () => undefined, settled: () => Promise.resolve() };
  // A fact changed twice before the next write is written once, in the place of its first change.
  let pending = new Map<string, FactChange>();
  let written: Promise<void> = Promise.resolve();
  const change = (kind: FactKind, key: string, value: unknown | null) => {
    pending.set(`${kind}\u0000${key}`, { kind, key, value });
  };
  return {
    put: (kind, key, value) => change(kind, key, value),
    remove: (kind, key) => change(kind, key, null),
    settled() {
      if (pending.size === 0) return written;
      const changes = [...pending.values()];
      pending = new Map();
      // One write at a time, in order. A failed write fails the request that made it (a 500), and
      // the next writes go on.
      const batch = written.then(() => store.save(network, changes));
      written = batch.catch(() => undefined);
      return batch;
    },
  };
}
