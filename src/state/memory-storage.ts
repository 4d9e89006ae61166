/** A Web Storage stand-in held in memory: for tests, and for a browser that refuses storage. */
import type { KeyValueStorage } from './endpoints-store';

export interface MemoryStorage extends KeyValueStorage {
  /** Every stored entry, for assertions. */
  readonly entries: () => ReadonlyMap<string, string>;
}

/** Pure: an empty (or pre-filled) in-memory storage. */
export function createMemoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
    entries: () => data,
  };
}
