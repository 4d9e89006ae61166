/**
 * The runs library in IndexedDB through Dexie 4: `openRunLibrary` opens (or creates, or
 * migrates) the database and returns the state layer's `RunLibraryPort`. Whatever IndexedDB
 * throws reaches the caller as a `LibraryStorageError` (`storage-errors.ts`). A database a
 * later Loopscope wrote is left as it is: Dexie 4 would open it without a `VersionError` (and may
 * patch its schema), so the installed version is read first and the library refuses it.
 */
import { Dexie } from 'dexie';
import {
  libraryError,
  recordBytes,
  summaryOf,
  labelledSummary,
  type LibraryStorageError,
  type RunLabel,
  type RunLibraryPort,
  type KeptFile,
  type RunRecord,
  type RunSummary,
} from '../state';
import {
  declareSchema,
  DEFAULT_DATABASE_NAME,
  SCHEMA_VERSION,
  type LibraryDatabase,
  type RecordRow,
  type SummaryRow,
} from './library-schema';
import { reopenedRecord } from './kept-file';
import { shellOf } from './record-shell';
import { guardDatabase, storageErrorOf } from './storage-errors';

export interface RunLibraryOptions {
  /** The browser's `indexedDB` (or fake-indexeddb's in tests); undefined when there is none. */
  readonly indexedDB: IDBFactory | undefined;
  readonly IDBKeyRange: typeof IDBKeyRange | undefined;
  /** The database's name (default `loopscope-library`). */
  readonly name?: string;
  /** The origin's usage and quota (`navigator.storage.estimate`); without it, the runs' bytes. */
  readonly estimate?: () => Promise<{ readonly usage?: number; readonly quota?: number }>;
}

/** Dexie stores version N as native version N × 10 (one more when it patched a schema). */
const NATIVE_FACTOR = 10;

/**
 * The installed database's Dexie version, null when there is none. Opens without a version
 * and, when that would create the database, aborts, so probing leaves nothing behind.
 */
function installedVersion(indexedDB: IDBFactory, name: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    let absent = false;
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onsuccess = () => {
      const version = request.result.version;
      request.result.close();
      resolve(Math.floor(version / NATIVE_FACTOR));
    };
    request.onerror = (event) => {
      if (absent) {
        event.preventDefault();
        resolve(null);
      } else reject(request.error);
    };
  });
}

const toRow = (summary: RunSummary): SummaryRow => ({
  ...summary,
  pinned: summary.pinned ? 1 : 0,
  schemaVersion: SCHEMA_VERSION,
});

function fromRow(row: SummaryRow): RunSummary {
  const { schemaVersion: _version, pinned, ...summary } = row;
  return { ...summary, pinned: pinned === 1 };
}

/** The row of a record: the record whole, or its shell and the file it was read from. */
const recordRow = (record: RunRecord, file: KeptFile | undefined): RecordRow =>
  file
    ? { id: record.id, schemaVersion: SCHEMA_VERSION, record: shellOf(record), file }
    : { id: record.id, schemaVersion: SCHEMA_VERSION, record };

/** The record a row holds: itself, or its shell filled in by reading its file again. */
const recordOfRow = (row: RecordRow): Promise<RunRecord> | RunRecord =>
  row.file ? reopenedRecord(row.record, row.file) : row.record;

/** The label of a write: what it names, else what the run was already called and pinned as. */
function mergedLabel(label: RunLabel, known: SummaryRow | undefined): RunLabel {
  return {
    name: label.name !== undefined ? label.name : (known?.name ?? null),
    pinned: label.pinned ?? known?.pinned === 1,
  };
}

/**
 * Opens the runs library. Rejects with a `LibraryStorageError`: `refused` (no IndexedDB, or it
 * refuses to open), `newer` (a later schema), `broken` (our migration failed).
 */
export async function openRunLibrary(options: RunLibraryOptions): Promise<RunLibraryPort> {
  return libraryPort(await openLibraryDatabase(options), options);
}

/**
 * Opens (or creates, or migrates) the library's database: the runs library and the reflection
 * memory each hold a connection. Rejects with a `LibraryStorageError` as `openRunLibrary` does.
 */
export async function openLibraryDatabase(
  options: Pick<RunLibraryOptions, 'indexedDB' | 'IDBKeyRange' | 'name'>,
): Promise<LibraryDatabase> {
  const { indexedDB, IDBKeyRange: keyRange, name = DEFAULT_DATABASE_NAME } = options;
  if (!indexedDB || !keyRange) throw libraryError('refused');
  let installed: number | null;
  try {
    installed = await installedVersion(indexedDB, name);
  } catch (error) {
    throw storageErrorOf(error, 'open');
  }
  if (installed !== null && installed > SCHEMA_VERSION) throw libraryError('newer');
  const db = declareSchema(new Dexie(name, { indexedDB, IDBKeyRange: keyRange }));
  try {
    await db.open();
  } catch (error) {
    db.close();
    throw storageErrorOf(error, 'open');
  }
  return db;
}

function libraryPort(db: LibraryDatabase, options: RunLibraryOptions): RunLibraryPort {
  const listeners = new Set<(error: LibraryStorageError) => void>();
  // Another tab opening a later schema closes this one: the listeners hear it.
  const guarded = guardDatabase(db, (blocked) => {
    for (const listener of listeners) listener(blocked);
  });

  /**
   * Writes runs and their summaries in one transaction, keeping labels they do not name; a run
   * read from a file is kept as its shell and the file.
   */
  const write = (
    entries: readonly {
      readonly record: RunRecord;
      readonly label?: RunLabel;
      readonly bytes?: number;
      readonly file?: KeptFile;
      readonly summary?: RunSummary;
    }[],
  ) =>
    guarded(() =>
      db.transaction('rw', db.summaries, db.records, async () => {
        const known = await db.summaries.bulkGet(entries.map(({ record }) => record.id));
        const summaries = entries.map(({ record, label = {}, bytes, summary }, index) => {
          const merged = mergedLabel(label, known[index]);
          const size = bytes ?? recordBytes(record);
          // A shell's summary is its whole record's, given: the shell has no trace to sum up.
          return summary ? labelledSummary(summary, merged, size) : summaryOf(record, merged, size);
        });
        await db.records.bulkPut(entries.map(({ record, file }) => recordRow(record, file)));
        await db.summaries.bulkPut(summaries.map(toRow));
        return summaries;
      }),
    );

  return {
    kind: 'indexeddb',
    put: async (record, label) => (await write([{ record, label }]))[0]!,
    putAll: write,
    get: (id) =>
      guarded(async () => {
        const row = await db.records.get(id);
        return row ? recordOfRow(row) : null;
      }),
    list: () =>
      guarded(async () =>
        (await db.summaries.orderBy('startedAt').reverse().toArray()).map(fromRow),
      ),
    label: (id, label) =>
      guarded(async () => {
        await db.summaries.update(id, {
          ...(label.name !== undefined ? { name: label.name } : {}),
          ...(label.pinned !== undefined ? { pinned: label.pinned ? 1 : 0 } : {}),
        });
      }),
    remove: (ids) =>
      guarded(() =>
        db.transaction('rw', db.summaries, db.records, async () => {
          await db.records.bulkDelete([...ids]);
          await db.summaries.bulkDelete([...ids]);
        }),
      ),
    interruptRunning: () =>
      guarded(() =>
        db.transaction('rw', db.summaries, db.records, async () => {
          const running = await db.summaries.where('status').equals('running').toArray();
          let count = 0;
          for (const row of running) {
            const stored = await db.records.get(row.id);
            // A run read from a file is done when it is kept; its row holds only its shell.
            if (!stored || stored.file) continue;
            count++;
            const record = { ...stored.record, status: 'interrupted' as const };
            const summary = summaryOf(record, mergedLabel({}, row), recordBytes(record));
            await db.records.put({ ...stored, schemaVersion: SCHEMA_VERSION, record });
            await db.summaries.put(toRow(summary));
          }
          return count;
        }),
      ),
    putScenario: (scenario) =>
      guarded(async () => {
        await db.scenarios.put({ ...scenario, schemaVersion: SCHEMA_VERSION });
      }),
    scenarios: () =>
      guarded(async () =>
        (await db.scenarios.toArray()).map(({ schemaVersion: _version, ...kept }) => kept),
      ),
    removeScenario: (id) => guarded(() => db.scenarios.delete(id)),
    getSetting: (key) => guarded(async () => (await db.settings.get(key))?.value),
    setSetting: (key, value) =>
      guarded(async () => {
        await db.settings.put({ key, value, schemaVersion: SCHEMA_VERSION });
      }),
    usage: () =>
      guarded(async () => {
        if (options.estimate) {
          const { usage, quota } = await options.estimate();
          return { usedBytes: usage ?? null, quotaBytes: quota ?? null };
        }
        let used = 0;
        await db.summaries.each((row) => (used += row.bytes));
        return { usedBytes: used, quotaBytes: null };
      }),
    onProblem(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
