/**
 * The open worker's message contract: a file (or pasted text) in; progress while it is read and
 * parsed; the engine's reading of it (`OpenedFile`, plain data) or the FileError's fields out.
 * Then, when the page asked the worker to hold its reading (`hold`), the worker keeps it and
 * writes the run the page made of it to the library itself (`keep`): the page never clones a
 * 100,000-step trace into IndexedDB on its own thread (a 1.65 s task) nor copies it back.
 */
import type { FileErrorCode, OpenedFile, Trace } from '../engine';
import type { RunLabel, RunRecord, RunSummary } from '../state';

export interface OpenWorkerRequest {
  readonly id: number;
  /** A picked or dropped File (cloned to the worker, not copied), or text already in hand. */
  readonly source: Blob | string;
  /** The file's name: it words every message. */
  readonly name: string;
  /**
   * (With `hold`, and the file's text as `source`.) The page opened this native text by the
   * engine's fast path, whose reading is exactly the hardened opener's (`fastOpenedTrace`): the
   * worker holds it unread, without a scan, only to keep it (`keep`).
   */
  readonly verified?: boolean;
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
 * `database`, the worker's own reading filling in what `shellOf` left out (`filledRecord`, both
 * `state/record-file.ts`); the library keeps the file itself in place of that reading.
 */
export interface OpenKeepCommand {
  readonly id: number;
  readonly command: 'keep';
  readonly database: string;
  readonly record: RunRecord;
  readonly label?: RunLabel;
  /** The steps the page's reading had: a reading that differs is not written (`unkept`). */
  readonly steps: number;
  /**
   * What `summaryOf` gives of the page's whole record: a native trace's run is kept as its
   * shell and file, and the worker may have no reading to sum up (a `verified` text).
   */
  readonly summary: RunSummary;
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
  /**
   * A piece of a long reading's arrays, ahead of its `opened` (which then holds them empty):
   * each is cloned on the page in a task of its own, where the whole reading's clone of a
   * 100,000-step trace held the page for over a second in one.
   */
  | { readonly id: number; readonly stage: 'part'; readonly part: ReadingPart }
  | { readonly id: number; readonly stage: 'opened'; readonly opened: OpenedFile }
  /**
   * (`hold` asked) The file opened, or (`verified`) its text is held unread: the worker holds it
   * until `send` or `keep`.
   */
  | { readonly id: number; readonly stage: 'held' }
  | { readonly id: number; readonly stage: 'refused'; readonly error: FileErrorFields }
  /** Anything else that went wrong (a bug, the file unreadable): its message. */
  | { readonly id: number; readonly stage: 'failed'; readonly message: string }
  /** (`keep`) Written: the run's summary, for the library's list. */
  | { readonly id: number; readonly stage: 'kept'; readonly summary: RunSummary }
  /** (`keep`) Not written, and why: the page writes the run itself. */
  | { readonly id: number; readonly stage: 'unkept'; readonly problem: string };

/** Items of one array in a `part` (steps, spans, messages): a few milliseconds' clone each. */
export const PART_ITEMS = 2_000;

/**
 * Items `from` on of one of a reading's long arrays: the trace's steps or path, a conversation's
 * messages (`index`), an import's spans or unmapped spans.
 */
export interface ReadingPart {
  readonly field: 'steps' | 'path' | 'conversation' | 'spans' | 'unmapped';
  readonly index?: number;
  readonly items: readonly unknown[];
}

/** Pure: `items` in parts of `size` as `field`'s. */
function partsOf(
  field: ReadingPart['field'],
  items: readonly unknown[],
  size: number,
  index?: number,
): ReadingPart[] {
  const parts: ReadingPart[] = [];
  for (let from = 0; from < items.length; from += size) {
    const slice = items.slice(from, from + size);
    parts.push(index === undefined ? { field, items: slice } : { field, index, items: slice });
  }
  return parts;
}

/**
 * Pure: a reading as its long arrays in parts of `size` items and the rest (`head`, those arrays
 * empty); `joinReading` puts them back. A reading without a trace, or one of no more than `size`
 * such items in all, is all head.
 */
export function splitReading(
  opened: OpenedFile,
  size = PART_ITEMS,
): { readonly head: OpenedFile; readonly parts: readonly ReadingPart[] } {
  if (opened.kind !== 'trace' && opened.kind !== 'foreign') return { head: opened, parts: [] };
  const { trace } = opened;
  const items =
    trace.steps.length +
    trace.path.length +
    trace.conversations.reduce((sum, messages) => sum + messages.length, 0) +
    (opened.kind === 'foreign' ? opened.spans.length + opened.unmapped.length : 0);
  if (items <= size) return { head: opened, parts: [] };
  const parts = [
    ...partsOf('steps', trace.steps, size),
    ...partsOf('path', trace.path, size),
    ...trace.conversations.flatMap((messages, index) =>
      partsOf('conversation', messages, size, index),
    ),
    ...(opened.kind === 'foreign'
      ? [...partsOf('spans', opened.spans, size), ...partsOf('unmapped', opened.unmapped, size)]
      : []),
  ];
  const emptied: Trace = {
    ...trace,
    steps: [],
    path: [],
    conversations: trace.conversations.map(() => []),
  };
  return {
    head:
      opened.kind === 'trace'
        ? { ...opened, trace: emptied }
        : { ...opened, trace: emptied, spans: [], unmapped: [] },
    parts,
  };
}

/** Pure: the reading `splitReading` parted, whole again (parts in the order they came). */
export function joinReading(head: OpenedFile, parts: readonly ReadingPart[]): OpenedFile {
  if (parts.length === 0 || (head.kind !== 'trace' && head.kind !== 'foreign')) return head;
  const arrays = {
    steps: [...head.trace.steps] as unknown[],
    path: [...head.trace.path] as unknown[],
    spans: head.kind === 'foreign' ? ([...head.spans] as unknown[]) : [],
    unmapped: head.kind === 'foreign' ? ([...head.unmapped] as unknown[]) : [],
  };
  const conversations = head.trace.conversations.map((messages) => [...messages] as unknown[]);
  for (const { field, index, items } of parts) {
    const into = field === 'conversation' ? conversations[index ?? -1] : arrays[field];
    if (!into) throw new Error(`a part of conversation ${index ?? '?'}, which the reading lacks`);
    for (const item of items) into.push(item);
  }
  const trace = {
    ...head.trace,
    steps: arrays.steps,
    path: arrays.path,
    conversations,
  } as unknown as Trace;
  return head.kind === 'trace'
    ? { ...head, trace }
    : {
        ...head,
        trace,
        spans: arrays.spans as typeof head.spans,
        unmapped: arrays.unmapped as typeof head.unmapped,
      };
}
