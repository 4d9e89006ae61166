/**
 * The reflection memory as the state layer sees it: the reflections kept across runs (and
 * reloads), and the port storage implements. Every port method may reject with a
 * `LibraryStorageError`; the store then says so and goes on in memory, as the runs library does.
 */
import type { StoredReflection } from '../engine';

/** A kept reflection: the stored one and its id in the store (numbered in the order kept). */
export interface KeptReflection extends StoredReflection {
  readonly id: number;
}

export interface ReflectionsPort {
  /** Where reflections are kept: 'indexeddb' survives a reload, 'memory' does not. */
  readonly kind: 'indexeddb' | 'memory';
  /** Every kept reflection, oldest first. */
  list(): Promise<readonly KeptReflection[]>;
  /** Keeps reflections (after those already kept); returns them with their ids, in order. */
  add(reflections: readonly StoredReflection[]): Promise<readonly KeptReflection[]>;
  remove(ids: readonly number[]): Promise<void>;
  clear(): Promise<void>;
}

/** Reflections kept in memory only (no IndexedDB, or after a storage problem). */
export function createMemoryReflections(initial: readonly KeptReflection[] = []): ReflectionsPort {
  let rows = [...initial];
  let next = rows.reduce((top, row) => Math.max(top, row.id), 0) + 1;
  return {
    kind: 'memory',
    list: async () => [...rows],
    async add(reflections) {
      const kept = reflections.map((reflection) => ({ ...reflection, id: next++ }));
      rows = [...rows, ...kept];
      return kept;
    },
    async remove(ids) {
      const gone = new Set(ids);
      rows = rows.filter((row) => !gone.has(row.id));
    },
    async clear() {
      rows = [];
    },
  };
}
