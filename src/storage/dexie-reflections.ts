/**
 * The reflection memory in the library's IndexedDB (schema version 3's `reflections` table):
 * `openReflections` gives the state layer's `ReflectionsPort`. Errors reach the caller as a
 * `LibraryStorageError`, as the runs library's do; another tab's upgrade closes it (`blocked`).
 */
import type { StoredReflection } from '../engine';
import { type KeptReflection, type ReflectionsPort } from '../state';
import { openLibraryDatabase, type RunLibraryOptions } from './dexie-library';
import { SCHEMA_VERSION, type ReflectionRow } from './library-schema';
import { guardDatabase } from './storage-errors';

function fromRow(row: ReflectionRow): KeptReflection {
  const { schemaVersion: _version, id, ...reflection } = row;
  return { ...reflection, id: id as number };
}

/** Opens the reflection memory; rejects with a `LibraryStorageError` (refused, newer, broken). */
export async function openReflections(
  options: Pick<RunLibraryOptions, 'indexedDB' | 'IDBKeyRange' | 'name'>,
): Promise<ReflectionsPort> {
  const db = await openLibraryDatabase(options);
  const guarded = guardDatabase(db);
  return {
    kind: 'indexeddb',
    list: () => guarded(async () => (await db.reflections.orderBy('id').toArray()).map(fromRow)),
    add: (reflections: readonly StoredReflection[]) =>
      guarded(async () => {
        const rows = reflections.map((reflection) => ({
          ...reflection,
          schemaVersion: SCHEMA_VERSION,
        }));
        const ids = await db.reflections.bulkAdd(rows, { allKeys: true });
        return rows.map((row, index) => fromRow({ ...row, id: ids[index] as number }));
      }),
    remove: (ids) => guarded(() => db.reflections.bulkDelete([...ids])),
    clear: () => guarded(() => db.reflections.clear()),
  };
}
