import { describe, expect, it } from 'vitest';
import { createLocalStorageStore, type StorageEvents, type WebStorage } from './storage.ts';

function webStorage(): WebStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => values.set(key, value),
    removeItem: (key) => values.delete(key),
  };
}

describe('localStorage store', () => {
  it('keeps its keys under its prefix', async () => {
    const storage = webStorage();
    const store = createLocalStorageStore(storage);
    await store.set('tokens', 'x');
    expect([...storage.values]).toEqual([['outpilot.agent.tokens', 'x']]);
    expect(await store.get('tokens')).toBe('x');
    await store.remove('tokens');
    expect(await store.get('tokens')).toBeUndefined();
    expect(store.subscribe).toBeUndefined();
  });

  it("tells of other tabs' changes to its own keys only, until unsubscribed", () => {
    const listeners = new Set<(fullKey: string) => void>();
    const events: StorageEvents = (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    const store = createLocalStorageStore(webStorage(), 'outpilot.agent.', events);
    const heard: string[] = [];
    const unsubscribe = store.subscribe?.((key) => heard.push(key)) ?? (() => undefined);
    for (const listener of listeners) {
      listener('outpilot.agent.importRun');
      listener('another.app.importRun');
    }
    unsubscribe();
    expect(heard).toEqual(['importRun']);
    expect(listeners.size).toBe(0);
  });
});
