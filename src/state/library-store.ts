/**
 * The runs library's store: the kept runs newest first, the list's query, the last deletion
 * (for undo), the space used, the user's own scenarios, and the one notice when storage fails.
 * Storage is a `RunLibraryPort` the app opens (IndexedDB) and injects; when a call fails with a
 * `LibraryStorageError` the store says so once, moves to a memory library and goes on, keeping
 * everything already listed and what it was saving (`unsaved`, for export). Vanilla Zustand.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { libraryError } from './library-problems';
import { EVERY_RUN, type LibraryQuery } from './library-query';
import {
  LibraryStorageError,
  type KeptScenario,
  type LibraryProblem,
  type RecordWriter,
  type RunLabel,
  type RunLibraryPort,
  type RunSummary,
} from './library-types';
import { mergeRuns, upsertRun } from './library-list';
import { createMemoryLibrary } from './memory-library';
import type { RunRecord } from './run-record';

/** The last deletion, until undone or replaced by the next one. */
export interface RemovedRuns {
  readonly summaries: readonly RunSummary[];
  readonly records: readonly RunRecord[];
  /** When it happened (ms since the epoch): a view may stop offering undo after a while. */
  readonly at: number;
}

export interface LibraryUsage {
  readonly usedBytes: number | null;
  readonly quotaBytes: number | null;
}

export interface LibraryActions {
  /** Opens storage, marks runs a closed tab left `running` as interrupted, lists. Once. */
  load(): Promise<void>;
  /** Keeps `record` (a new run, or a newer state of one), named and pinned as `label` says. */
  save(record: RunRecord, label?: RunLabel): Promise<RunSummary>;
  /** Keeps `record` unless the library has a run of its id; true when it saved. */
  saveNew(record: RunRecord): Promise<boolean>;
  /**
   * The next save of run `id` goes through `writer` (the open worker holding its file's
   * reading) while the library is on IndexedDB; after a problem, or when it fails, the page
   * writes the run itself. At most `WRITERS_HELD` wait; an older one is released.
   */
  handOver(id: string, writer: RecordWriter): void;
  /**
   * Resolves once run `id` is kept: `stored` when its save (the next one, or one under way) has
   * written it to storage, `memory` when it went to the memory library (after a problem, or when
   * storage was never there: it does not outlive the page). A run the library already has, when
   * `saveNew` skips it, is `stored`. A save that fails outright rejects it with that error.
   */
  whenKept(id: string): Promise<KeptWhere>;
  /** Saves many runs in one write (a library file opened, a delete undone). */
  saveAll(
    entries: readonly { readonly record: RunRecord; readonly label?: RunLabel }[],
  ): Promise<void>;
  /** Lists runs another writer (the eval worker) already saved to this library. */
  listSaved(summaries: readonly RunSummary[]): void;
  /** Deletes runs with no undo (those a newer eval matrix replaced). */
  forget(ids: readonly string[]): Promise<void>;
  /** A preference kept with the library (undefined: none); `writeSetting` keeps one. */
  readSetting(key: string): Promise<unknown>;
  writeSetting(key: string, value: unknown): Promise<void>;
  rename(id: string, name: string | null): Promise<void>;
  pin(id: string, pinned: boolean): Promise<void>;
  /** Deletes runs; `undoRemove` brings the last deletion back. */
  remove(ids: readonly string[]): Promise<void>;
  undoRemove(): Promise<void>;
  setQuery(patch: Partial<LibraryQuery>): void;
  /** The full record of a kept run; null when there is none. */
  get(id: string): Promise<RunRecord | null>;
  putScenario(scenario: KeptScenario): Promise<void>;
  removeScenario(id: string): Promise<void>;
  /**
   * Deletes every run that started before `before` (default: now) and is not running, but the
   * pinned ones; returns how many. Not undoable (it may be thousands of runs).
   */
  clearOld(options: { readonly before?: number; readonly keepPinned: true }): Promise<number>;
  refreshUsage(): Promise<void>;
}

/** Where a run went (see `whenKept`). */
export type KeptWhere = 'stored' | 'memory';

export interface LibraryState {
  /** `loading` until `load` has listed the kept runs. */
  readonly status: 'loading' | 'ready';
  /** Where runs go now: 'memory' after a problem (or when storage was never there). */
  readonly kind: RunLibraryPort['kind'];
  /** The one notice: why runs are not kept across a reload. */
  readonly problem: LibraryProblem | null;
  /** Newest first. */
  readonly runs: readonly RunSummary[];
  readonly query: LibraryQuery;
  readonly removed: RemovedRuns | null;
  readonly usage: LibraryUsage;
  readonly scenarios: readonly KeptScenario[];
  /** Runs kept only in memory since the problem: what the user should export. */
  readonly unsaved: readonly string[];
  /**
   * Runs `load` found still running (a tab closed or reloaded mid-run) and marked interrupted:
   * kept with the steps they recorded, which the page says once.
   */
  readonly interrupted: number;
  readonly actions: LibraryActions;
}

export type LibraryStore = StoreApi<LibraryState>;

export interface LibraryStoreOptions {
  /** Opens storage (the app: `openRunLibrary` over the browser's IndexedDB). */
  readonly open: () => Promise<RunLibraryPort>;
  /** Where runs go when storage fails (default a fresh memory library). */
  readonly fallback?: () => RunLibraryPort;
  /** The wall clock (ms since the epoch). */
  readonly now: () => number;
}

/** Writers waiting for their run's save (each may hold a whole trace in its worker). */
export const WRITERS_HELD = 2;

const asStorageError = (error: unknown): LibraryStorageError =>
  error instanceof LibraryStorageError ? error : libraryError('broken', error);

/** Creates the runs library's store; call `actions.load()` once (saving before it waits). */
export function createLibraryStore(options: LibraryStoreOptions): LibraryStore {
  const { open, now, fallback = createMemoryLibrary } = options;
  let port: RunLibraryPort | null = null;
  /** The storage that failed, still tried for reads of runs listed before the problem. */
  let stranded: RunLibraryPort | null = null;
  /** The memory library taken after a problem (at most one: the notice shows once). */
  let rescue: RunLibraryPort | null = null;
  let loading: Promise<void> | null = null;
  /** Writers handed over, oldest first, by the id of the run they write. */
  const writers = new Map<string, RecordWriter>();
  const takeWriter = (id: string): RecordWriter | null => {
    const writer = writers.get(id) ?? null;
    writers.delete(id);
    return writer;
  };
  /** Who waits for a run to be kept (`whenKept`), by its id: settled by that run's next save. */
  const keptWaiters = new Map<
    string,
    { resolve: (where: KeptWhere) => void; reject: (error: unknown) => void }[]
  >();
  const settleKept = (id: string, outcome: KeptWhere | { readonly error: unknown }) => {
    const waiting = keptWaiters.get(id);
    if (!waiting) return;
    keptWaiters.delete(id);
    for (const one of waiting) {
      if (typeof outcome === 'string') one.resolve(outcome);
      else one.reject(outcome.error);
    }
  };

  return createStore<LibraryState>()((set, get) => {
    const moveToMemory = (error: LibraryStorageError): RunLibraryPort => {
      if (rescue) return rescue;
      stranded = port;
      rescue = fallback();
      port = rescue;
      set({ kind: rescue.kind, problem: { code: error.code, message: error.message } });
      return rescue;
    };

    /** One port call; on a storage problem, the notice, then the same call on memory. */
    const attempt = async <T>(work: (port: RunLibraryPort) => Promise<T>): Promise<T> => {
      const used = port!;
      try {
        return await work(used);
      } catch (error) {
        if (!(error instanceof LibraryStorageError) || used === rescue) throw error;
        return work(used === port ? moveToMemory(error) : port!);
      }
    };

    /** `attempt`, once the library is loaded (a save before `load` waits for it). */
    const call = async <T>(work: (port: RunLibraryPort) => Promise<T>): Promise<T> => {
      await (loading ?? actions.load());
      return attempt(work);
    };

    /** Notes runs kept only in memory since the problem (one update for a batch). */
    const markUnsaved = (ids: readonly string[]) => {
      const { problem, unsaved } = get();
      if (!problem) return;
      const known = new Set(unsaved);
      const added = ids.filter((id) => !known.has(id) && (known.add(id), true));
      if (added.length > 0) set({ unsaved: [...unsaved, ...added] });
    };

    /**
     * Where run `id` is kept now: in memory when the library never had storage (no problem, a
     * memory port) or the run went to memory after a problem (listed as unsaved); else stored.
     */
    const whereKept = (id: string): KeptWhere => {
      const { kind, problem, unsaved } = get();
      return kind === 'memory' && (problem === null || unsaved.includes(id)) ? 'memory' : 'stored';
    };

    const drop = async (ids: readonly string[]) => {
      const gone = new Set(ids);
      set((state) => ({
        runs: state.runs.filter((run) => !gone.has(run.id)),
        unsaved: state.unsaved.filter((id) => !gone.has(id)),
      }));
      await call((used) => used.remove(ids));
    };

    const actions: LibraryActions = {
      load() {
        loading ??= (async () => {
          try {
            port = await open();
            set({ kind: port.kind });
          } catch (error) {
            moveToMemory(asStorageError(error));
          }
          port!.onProblem?.((error) => moveToMemory(error));
          const interrupted = await attempt((used) => used.interruptRunning());
          if (interrupted > 0) set({ interrupted });
          const runs = await attempt((used) => used.list());
          const scenarios = await attempt((used) => used.scenarios());
          const usage = await attempt((used) => used.usage());
          set({ status: 'ready', runs: [...runs], scenarios: [...scenarios], usage });
        })();
        return loading;
      },

      async save(record, label) {
        let writer = takeWriter(record.id);
        let summary: RunSummary;
        try {
          summary = await call(async (used) => {
            const elsewhere = writer;
            writer = null;
            if (elsewhere && used.kind === 'indexeddb') {
              // A writer that fails leaves the write to the page: nothing is lost, it only waits.
              const written = await elsewhere.write(record, label).catch(() => null);
              if (written) return written;
            }
            elsewhere?.release();
            return used.put(record, label);
          });
        } catch (error) {
          settleKept(record.id, { error });
          throw error;
        }
        set((state) => ({ runs: upsertRun(state.runs, summary) }));
        markUnsaved([record.id]);
        settleKept(record.id, whereKept(record.id));
        return summary;
      },

      async saveNew(record) {
        await (loading ?? actions.load());
        if (get().runs.some((run) => run.id === record.id)) {
          takeWriter(record.id)?.release();
          settleKept(record.id, whereKept(record.id));
          return false;
        }
        await actions.save(record);
        return true;
      },

      whenKept(id) {
        return new Promise<KeptWhere>((resolve, reject) => {
          keptWaiters.set(id, [...(keptWaiters.get(id) ?? []), { resolve, reject }]);
        });
      },

      handOver(id, writer) {
        takeWriter(id)?.release();
        writers.set(id, writer);
        for (const [older, held] of writers) {
          if (writers.size <= WRITERS_HELD) break;
          writers.delete(older);
          held.release();
        }
      },

      forget: (ids) => drop(ids),
      readSetting: (key) => call((used) => used.getSetting(key)),
      writeSetting: (key, value) => call((used) => used.setSetting(key, value)),

      async rename(id, name) {
        set((state) => ({
          runs: state.runs.map((run) => (run.id === id ? { ...run, name } : run)),
        }));
        await call((used) => used.label(id, { name }));
      },

      async pin(id, pinned) {
        set((state) => ({
          runs: state.runs.map((run) => (run.id === id ? { ...run, pinned } : run)),
        }));
        await call((used) => used.label(id, { pinned }));
      },

      async remove(ids) {
        const summaries = get().runs.filter((run) => ids.includes(run.id));
        const records = await Promise.all(summaries.map((run) => actions.get(run.id)));
        set({
          removed: {
            summaries,
            records: records.filter((record): record is RunRecord => record !== null),
            at: now(),
          },
        });
        await drop(ids);
      },

      async undoRemove() {
        const { removed } = get();
        if (!removed) return;
        set({ removed: null });
        const labels = new Map(removed.summaries.map((run) => [run.id, run]));
        await actions.saveAll(
          removed.records.map((record) => ({
            record,
            label: {
              name: labels.get(record.id)?.name ?? null,
              pinned: labels.get(record.id)?.pinned,
            },
          })),
        );
      },

      async saveAll(entries) {
        const summaries = await call((used) => used.putAll(entries));
        set((state) => ({ runs: mergeRuns(state.runs, summaries) }));
        markUnsaved(summaries.map((summary) => summary.id));
      },

      listSaved: (summaries) => set((state) => ({ runs: mergeRuns(state.runs, summaries) })),

      setQuery(patch) {
        set((state) => ({ query: { ...state.query, ...patch } }));
      },

      async get(id) {
        const found = await call((used) => used.get(id));
        if (found || !stranded) return found;
        return stranded.get(id).catch(() => null);
      },

      async putScenario(scenario) {
        await call((used) => used.putScenario(scenario));
        set((state) => ({
          scenarios: [...state.scenarios.filter((kept) => kept.id !== scenario.id), scenario],
        }));
      },

      async removeScenario(id) {
        set((state) => ({ scenarios: state.scenarios.filter((kept) => kept.id !== id) }));
        await call((used) => used.removeScenario(id));
      },

      async clearOld({ before = now(), keepPinned }) {
        await (loading ?? actions.load());
        const ids = get()
          .runs.filter(
            (run) =>
              run.startedAt < before && run.status !== 'running' && !(keepPinned && run.pinned),
          )
          .map((run) => run.id);
        if (ids.length > 0) await drop(ids);
        return ids.length;
      },

      async refreshUsage() {
        set({ usage: await call((used) => used.usage()) });
      },
    };

    return {
      status: 'loading',
      interrupted: 0,
      kind: 'memory',
      problem: null,
      runs: [],
      query: EVERY_RUN,
      removed: null,
      usage: { usedBytes: null, quotaBytes: null },
      scenarios: [],
      unsaved: [],
      actions,
    };
  });
}
