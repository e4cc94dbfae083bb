/** Where the agent keeps small state (tokens, settings): localStorage in a page, chrome.storage in the extension. */
export type KeyValueStore = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
};

/** The part of the Web Storage API the store needs, so tests and other hosts can supply their own. */
export type WebStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export function createLocalStorageStore(storage: WebStorage, prefix = 'outpilot.agent.'): KeyValueStore {
  return {
    get: async (key) => storage.getItem(prefix + key) ?? undefined,
    set: async (key, value) => storage.setItem(prefix + key, value),
    remove: async (key) => storage.removeItem(prefix + key),
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
