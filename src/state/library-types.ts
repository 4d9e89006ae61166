/**
 * The runs library's contract: what a stored run looks like in a list (a summary, light), the
 * port a storage adapter implements (IndexedDB through Dexie in the browser, memory in tests and
 * when storage is refused), and what can go wrong with storage, in words a user can act on.
 * Types only: the store is `library-store.ts`, the adapters live in `src/storage`.
 */
import type { Gating, Mode, StopReason } from '../engine';
import type { RecordStatus, RunOrigin, RunRecord } from './run-record';

/** How a kept run ended, as a person scans for it. */
export type RunOutcome =
  /** Answered, and the answer matches what the scenario expects (or it expects none). */
  | 'correct'
  /** Answered, but not what the scenario expects. */
  | 'wrong'
  | 'escalated'
  /** Out of steps, stalled, a model error, cancelled, or a run that never recorded a trace. */
  | 'failed'
  /** Still running (this tab), or cut by a reload or a closed tab. */
  | 'running'
  | 'interrupted';

/** One row of the library's list: everything the list shows and searches, nothing heavy. */
export interface RunSummary {
  readonly id: string;
  /** What the user called it (null: the list shows the scenario's title). */
  readonly name: string | null;
  readonly pinned: boolean;
  readonly scenarioId: string;
  readonly scenarioTitle: string;
  readonly status: RecordStatus;
  readonly outcome: RunOutcome;
  readonly stopReason: StopReason | null;
  readonly origin: RunOrigin['kind'];
  readonly mode: Mode;
  readonly gating: Gating;
  readonly steps: number;
  readonly llmCalls: number;
  readonly reflections: number;
  readonly tokens: number;
  readonly latencyMs: number;
  /** The final answer, clipped for the list (null: none). */
  readonly answer: string | null;
  /**
   * Why a wrong run is wrong ("never mentions “5-7 business days”", the grade's words); absent
   * for every other outcome and in summaries written before it was kept.
   */
  readonly why?: string;
  /** Milliseconds since the epoch. */
  readonly startedAt: number;
  readonly endedAt: number | null;
  /** The stored record's approximate size in bytes (for "space used" and clearing). */
  readonly bytes: number;
}

/** A user's own scenario as kept in the library (opened from a file or written in the editor). */
export interface KeptScenario {
  readonly id: string;
  /** The Scenario JSON v1 text as the user gave it (kept as text: the editor shows it again). */
  readonly source: string;
  readonly savedAt: number;
}

/** The fields of a kept run a user changes from the list. */
export interface RunLabel {
  readonly name?: string | null;
  readonly pinned?: boolean;
}

/**
 * The browser library's IndexedDB database (storage's default): the eval worker opens it too,
 * to write a matrix's runs itself.
 */
export const LIBRARY_DATABASE = 'loopscope-library';

/**
 * A writer that holds a run's record already (the open worker that read its file): it writes
 * the record to the library's IndexedDB itself, so the page never clones a huge trace into it.
 */
export interface RecordWriter {
  /** Writes `record` (as the library's `put` would); its summary. Rejects when it cannot. */
  write(record: RunRecord, label?: RunLabel): Promise<RunSummary>;
  /** Not needed after all (the library is in memory, the run already kept): let go of it. */
  release(): void;
}

/**
 * Storage as the library store sees it. Every method may reject with a `LibraryStorageError`;
 * the store catches it, says so in one place and goes on in memory.
 */
/**
 * The file a run was read from: its name (which words every message) and its text. The IndexedDB
 * library keeps it in place of what its reading holds (the trace, an import's spans) and reads it
 * again when the run is asked for (`storage/kept-file.ts`): one string to copy, not a clone of
 * 100,000 steps' objects. Its text, not the File: Chromium keeps a picked File in IndexedDB as a
 * reference to the file on disk, and a run kept so was gone once its file was deleted.
 */
export interface KeptFile {
  readonly name: string;
  readonly text: string;
}

export interface RunLibraryPort {
  /** Where runs are kept: 'indexeddb' survives a reload, 'memory' does not. */
  readonly kind: 'indexeddb' | 'memory';
  /** Writes (or overwrites) a run: its summary and the record itself. */
  put(record: RunRecord, label?: RunLabel): Promise<RunSummary>;
  /**
   * Writes many runs in one transaction, each with its label (a deletion undone, a library
   * file opened, a bench's 10,000 runs); returns their summaries in the given order. `bytes`,
   * when given, is the record's size (`recordBytes` otherwise: the open worker counts its file).
   */
  putAll(
    entries: readonly {
      readonly record: RunRecord;
      readonly label?: RunLabel;
      readonly bytes?: number;
      /** The file the record was read from: a port may keep it in place of the trace. */
      readonly file?: KeptFile;
      /**
       * The run's summary when `record` is only its shell (`shellOf`), the trace left to `file`:
       * what `summaryOf` gives of the whole record; the label and `bytes` are written over it.
       */
      readonly summary?: RunSummary;
    }[],
  ): Promise<readonly RunSummary[]>;
  get(id: string): Promise<RunRecord | null>;
  /** Every kept run's summary, newest first. */
  list(): Promise<readonly RunSummary[]>;
  label(id: string, label: RunLabel): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  /** Marks every run still `running` as `interrupted` (called once when a page opens the library). */
  interruptRunning(): Promise<number>;
  putScenario(scenario: KeptScenario): Promise<void>;
  scenarios(): Promise<readonly KeptScenario[]>;
  removeScenario(id: string): Promise<void>;
  /** Key-value preferences kept with the library (the workspace a reload restores). */
  getSetting(key: string): Promise<unknown>;
  setSetting(key: string, value: unknown): Promise<void>;
  /** Bytes used and available for this origin, when the browser says. */
  usage(): Promise<{ readonly usedBytes: number | null; readonly quotaBytes: number | null }>;
  /**
   * Tells `listener` of a problem found between calls (another tab's upgrade closed the
   * database), so the notice shows before the next save fails; returns the unsubscribe.
   * Optional: a port with no such problems (memory) leaves it out.
   */
  onProblem?(listener: (error: LibraryStorageError) => void): () => void;
}

/** What went wrong with storage, each with what the user sees. */
export type LibraryProblemCode =
  /** IndexedDB is missing or refused (a private window, a browser setting). */
  | 'refused'
  /** The disk or the origin's quota is full. */
  | 'full'
  /** The database was written by a later version of Loopscope (a newer schema). */
  | 'newer'
  /** Another tab upgraded the database; this tab must reload to keep saving. */
  | 'blocked'
  /** Anything else IndexedDB threw. */
  | 'broken';

export class LibraryStorageError extends Error {
  constructor(
    readonly code: LibraryProblemCode,
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'LibraryStorageError';
  }
}

/** The one notice the app shows when the library cannot keep runs. */
export interface LibraryProblem {
  readonly code: LibraryProblemCode;
  /** One or two sentences: what happened and what the user can do. */
  readonly message: string;
}
