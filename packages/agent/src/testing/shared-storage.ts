import type { KeyValueStore } from '../storage.ts';

/**
 * One storage seen by several agents, as tabs share a localStorage: each view hears of the keys the
 * other views change (the 'storage' event), never of its own.
 */
export function createSharedStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const views = new Set<{ listeners: Set<(key: string) => void> }>();
  const changed = (from: unknown, key: string) => {
    for (const view of views) if (view !== from) for (const listener of [...view.listeners]) listener(key);
  };
  return {
    values,
    view(): KeyValueStore {
      const view = { listeners: new Set<(key: string) => void>() };
      views.add(view);
      return {
        get: async (key) => values.get(key),
        set: async (key, value) => {
          values.set(key, value);
          changed(view, key);
        },
        remove: async (key) => {
          values.delete(key);
          changed(view, key);
        },
        subscribe(listener) {
          view.listeners.add(listener);
          return () => view.listeners.delete(listener);
        },
      };
    },
  };
}
