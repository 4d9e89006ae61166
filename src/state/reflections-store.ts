/**
 * The reflection memory store: the reflections every run left (LiTS's persisted memory), kept in
 * the library's IndexedDB so they survive a reload and `cross_task` runs reach them. Runs get a
 * `ReflectionMemory` from it (`runMemory`: what was kept when the run starts, and an append that
 * keeps each new reflection). The Memory panel lists, searches, deletes, clears, exports and
 * imports them as JSONL. A storage problem moves it to memory with the library's notice; what was
 * kept is carried over, nothing is lost.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  checkFileSize,
  describeJsonlProblems,
  readReflectionsJsonl,
  writeReflectionsJsonl,
  type ReflectionEntry,
  type ReflectionMemory,
  type StoredReflection,
} from '../engine';
import { libraryError } from './library-problems';
import { LibraryStorageError, type LibraryProblem } from './library-types';
import {
  createMemoryReflections,
  type KeptReflection,
  type ReflectionsPort,
} from './reflections-types';

/** What an import did: how many reflections it kept, and each bad line in words. */
export interface ReflectionsImport {
  readonly added: number;
  readonly problems: readonly string[];
}

export interface ReflectionsActions {
  /** Opens storage and lists what it keeps. Once; the others wait for it. */
  load(): Promise<void>;
  /** Keeps reflections a run wrote, dated now. */
  keep(entries: readonly ReflectionEntry[]): Promise<void>;
  remove(id: number): Promise<void>;
  /** Deletes every kept reflection (the panel asks first). */
  clear(): Promise<void>;
  /** Reads a JSONL file: the good lines are kept, each bad line is reported. */
  importJsonl(text: string): Promise<ReflectionsImport>;
  /** Every kept reflection as JSONL (LiTS's fields). */
  exportJsonl(): string;
  /** The memory a run starts with: what is kept now; what it appends is kept too. */
  runMemory(): ReflectionMemory;
}

export interface ReflectionsState {
  readonly status: 'loading' | 'ready';
  readonly kind: ReflectionsPort['kind'];
  /** Why reflections are not kept across a reload (the library's notice), else null. */
  readonly problem: LibraryProblem | null;
  /** Oldest first: the order `cross_task` history reads them in. */
  readonly reflections: readonly KeptReflection[];
  readonly actions: ReflectionsActions;
}

export type ReflectionsStore = StoreApi<ReflectionsState>;

export interface ReflectionsStoreOptions {
  /** Opens storage (the app: `openReflections` over the library's IndexedDB). */
  readonly open: () => Promise<ReflectionsPort>;
  /** The wall clock (ms since the epoch) that dates reflections. */
  readonly now: () => number;
}

/** Throws a FileError (`too_large`) for a file above the size Loopscope opens; read nothing first. */
export function checkReflectionsFile(bytes: number, name: string): void {
  checkFileSize(bytes, name);
}

/** Pure: the reflections whose text or scenario contains `query` (any case); all when blank. */
export function searchReflections(
  reflections: readonly KeptReflection[],
  query: string,
): readonly KeptReflection[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return reflections;
  return reflections.filter(
    (reflection) =>
      reflection.content.toLowerCase().includes(needle) ||
      reflection.scenario.toLowerCase().includes(needle),
  );
}

/** Creates the reflection memory's store; call `actions.load()` once. */
export function createReflectionsStore(options: ReflectionsStoreOptions): ReflectionsStore {
  const { open, now } = options;
  let port: ReflectionsPort | null = null;
  let loading: Promise<void> | null = null;

  return createStore<ReflectionsState>()((set, get) => {
    const moveToMemory = (error: LibraryStorageError): ReflectionsPort => {
      port = createMemoryReflections(get().reflections);
      set({ kind: 'memory', problem: { code: error.code, message: error.message } });
      return port;
    };

    /** One port call; on a storage problem, the notice, then the same call on memory. */
    const call = async <T>(work: (used: ReflectionsPort) => Promise<T>): Promise<T> => {
      await (loading ?? actions.load());
      const used = port!;
      try {
        return await work(used);
      } catch (error) {
        if (!(error instanceof LibraryStorageError) || used.kind === 'memory') throw error;
        return work(moveToMemory(error));
      }
    };

    const add = async (reflections: readonly StoredReflection[]) => {
      if (reflections.length === 0) return;
      const kept = await call((used) => used.add(reflections));
      set((state) => ({ reflections: [...state.reflections, ...kept] }));
    };

    const actions: ReflectionsActions = {
      load() {
        loading ??= (async () => {
          try {
            port = await open();
          } catch (error) {
            moveToMemory(
              error instanceof LibraryStorageError ? error : libraryError('broken', error),
            );
          }
          let listed: readonly KeptReflection[] = [];
          try {
            listed = await port!.list();
          } catch (error) {
            if (!(error instanceof LibraryStorageError)) throw error;
            moveToMemory(error);
          }
          set({ status: 'ready', kind: port!.kind, reflections: [...listed] });
        })();
        return loading;
      },

      async keep(entries) {
        const timestamp = new Date(now()).toISOString();
        await add(entries.map((entry) => ({ ...entry, timestamp })));
      },

      async remove(id) {
        set((state) => ({ reflections: state.reflections.filter((row) => row.id !== id) }));
        await call((used) => used.remove([id]));
      },

      async clear() {
        set({ reflections: [] });
        await call((used) => used.clear());
      },

      async importJsonl(text) {
        const read = readReflectionsJsonl(text);
        await add(read.reflections);
        return { added: read.reflections.length, problems: describeJsonlProblems(read.problems) };
      },

      exportJsonl: () => writeReflectionsJsonl(get().reflections.map(withoutId)),

      runMemory() {
        const entries: ReflectionEntry[] = [...get().reflections];
        return {
          list: () => entries,
          append(entry) {
            entries.push(entry);
            void actions.keep([entry]).catch(() => undefined);
          },
        };
      },
    };

    return { status: 'loading', kind: 'memory', problem: null, reflections: [], actions };
  });
}

function withoutId(reflection: KeptReflection): StoredReflection {
  const { id: _id, ...stored } = reflection;
  return stored;
}
