/**
 * Where the agent keeps small state (tokens, settings, the import run): localStorage in a page,
 * chrome.storage in the extension.
 */
export type KeyValueStore = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Tells of keys another agent sharing this storage changed (another tab's in-page agent); absent
   * where no other agent can write. Answers the unsubscribe.
   */
  subscribe?(listener: (key: string) => void): () => void;
};

/** Changes other documents made to a Web Storage (the window's 'storage' events), by full key. */
export type StorageEvents = (listener: (fullKey: string) => void) => () => void;

/** The part of the Web Storage API the store needs, so tests and other hosts can supply their own. */
export type WebStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export function createLocalStorageStore(
  storage: WebStorage,
  prefix = 'outpilot.agent.',
  events?: StorageEvents,
): KeyValueStore {
  return {
    get: async (key) => storage.getItem(prefix + key) ?? undefined,
    set: async (key, value) => storage.setItem(prefix + key, value),
    remove: async (key) => storage.removeItem(prefix + key),
    ...(events
      ? {
          subscribe: (listener: (key: string) => void) =>
            events((fullKey) => {
              if (fullKey.startsWith(prefix)) listener(fullKey.slice(prefix.length));
            }),
        }
      : {}),
  };
}

export function createMemoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial));
  return {
    get: async (key) => values.get(key),
    set: async (key, value) => {
      values.set(key, value);
    },
    remove: async (key) => {
      values.delete(key);
    },
  };
}
