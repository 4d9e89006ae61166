/**
 * The open worker's message contract: a file (or pasted text) in; progress while it is read and
 * parsed; the engine's reading of it (`OpenedFile`, plain data) or the FileError's fields out.
 * Then, when the page asked the worker to hold its reading (`hold`), the worker keeps it and
 * writes the run the page made of it to the library itself (`keep`): the page never clones a
 * 100,000-step trace into IndexedDB on its own thread (a 1.65 s task) nor copies it back.
 */
import type { FileErrorCode, OpenedFile } from '../engine';
import type { RunLabel, RunRecord, RunSummary } from '../state';

export interface OpenWorkerRequest {
  readonly id: number;
  /** A picked or dropped File (cloned to the worker, not copied), or text already in hand. */
  readonly source: Blob | string;
  /** The file's name: it words every message. */
  readonly name: string;
  /**
   * Say (`scanned`) as soon as the file is read whether the hardened reader's pre-scan (depth,
   * forbidden keys) finds it clean: the page parses its own copy of a native trace meanwhile and
   * shows it once both are good, without waiting for the worker's answer (a structured clone of a
   * 100,000-step trace cost the page more than parsing the file).
   */
  readonly scan?: boolean;
  /**
   * Hold the reading: answer `held` instead of `opened`, post it only when the page asks
   * (`send`), and keep it for a `keep` afterwards. Refusals and failures are answered at once.
   */
  readonly hold?: boolean;
}

/** After `held`: the page needs the reading after all (its own found nothing). */
export interface OpenSendCommand {
  readonly id: number;
  readonly command: 'send';
}

/**
 * After the answer: write the run the page made of this file to the library's IndexedDB
 * `database`, the worker's own reading filling in what `shellOf` left out (`filledRecord`).
 */
export interface OpenKeepCommand {
  readonly id: number;
  readonly command: 'keep';
  readonly database: string;
  readonly record: RunRecord;
  readonly label?: RunLabel;
  /** The steps the page's reading had: a reading that differs is not written (`unkept`). */
  readonly steps: number;
}

/** Everything the page posts to the worker: the request first, then its commands. */
export type OpenWorkerMessage = OpenWorkerRequest | OpenSendCommand | OpenKeepCommand;

/** A FileError as its fields (an Error's class does not survive a structured clone). */
export interface FileErrorFields {
  readonly code: FileErrorCode;
  readonly fileName: string;
  readonly path: string;
  readonly problem: string;
  readonly location?: { readonly line: number; readonly column: number };
}

export type OpenWorkerResponse =
  /** Bytes of the file read so far, of `total`. */
  | {
      readonly id: number;
      readonly stage: 'reading';
      readonly bytes: number;
      readonly total: number;
    }
  /** Read: the JSON is being parsed and checked. */
  | { readonly id: number; readonly stage: 'parsing' }
  | { readonly id: number; readonly stage: 'opened'; readonly opened: OpenedFile }
  /** (`hold` asked) The file opened; the worker holds the reading until `send` or `keep`. */
  | { readonly id: number; readonly stage: 'held' }
  /** (`scan` asked) The pre-scan's verdict: `clean`, no nesting too deep and no forbidden key. */
  | { readonly id: number; readonly stage: 'scanned'; readonly clean: boolean }
  | { readonly id: number; readonly stage: 'refused'; readonly error: FileErrorFields }
  /** Anything else that went wrong (a bug, the file unreadable): its message. */
  | { readonly id: number; readonly stage: 'failed'; readonly message: string }
  /** (`keep`) Written: the run's summary, for the library's list. */
  | { readonly id: number; readonly stage: 'kept'; readonly summary: RunSummary }
  /** (`keep`) Not written, and why: the page writes the run itself. */
  | { readonly id: number; readonly stage: 'unkept'; readonly problem: string };

/**
 * Pure: a record without what the file's reading holds (the trace; an import's spans, unmapped
 * spans and notes): what the page posts with `keep`, a few kilobytes however long the trace.
 */
export function shellOf(record: RunRecord): RunRecord {
  const { imported } = record;
  return {
    ...record,
    trace: null,
    ...(imported ? { imported: { ...imported, spans: [], unmapped: [], notes: [] } } : {}),
  };
}

/**
 * Pure: the record `shell` stood for, its trace (and an import's spans) from `opened`, the
 * worker's reading of the same file; null when that reading holds no trace.
 */
export function filledRecord(shell: RunRecord, opened: OpenedFile): RunRecord | null {
  if (opened.kind === 'trace') return { ...shell, trace: opened.trace };
  if (opened.kind !== 'foreign' || !shell.imported) return null;
  const { spans, unmapped, notes } = opened;
  return { ...shell, trace: opened.trace, imported: { ...shell.imported, spans, unmapped, notes } };
}
