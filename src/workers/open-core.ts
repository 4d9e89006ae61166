/**
 * The open worker's core, pure of the worker's globals: a request in, its progress and answer
 * out through `post`. Reads the file as a stream (saying how much is read), then opens its
 * text with the engine's opener, exactly as the page would. `createOpenAnswerer` also holds the
 * reading when asked and writes the run the page made of it to the library (`keep`); a native
 * text the page read and verified it holds unread, only to keep it.
 */
import { FileError, checkFileSize, openFileText, startsAsNative, type OpenedFile } from '../engine';
import type { KeptFile, RunLabel, RunRecord, RunSummary } from '../state';
import { filledRecord } from '../storage/record-shell';
import {
  splitReading,
  type OpenKeepCommand,
  type OpenWorkerMessage,
  type OpenWorkerRequest,
  type OpenWorkerResponse,
} from './open-protocol';

/** Least time between two `reading` reports (ms): a report per chunk would flood the page. */
export const READ_REPORT_MS = 100;

type Post = (response: OpenWorkerResponse) => void;

/** The bytes of `parts` (`bytes` of them in all) as one array; no copy when there is one part. */
function joined(parts: readonly Uint8Array[], bytes: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

/**
 * Reads a Blob's stream, reporting bytes read; the bytes are decoded once at the end (decoding
 * each chunk into a string and joining 1,400 of them cost a 90 MB file about a second).
 */
async function readText(id: number, blob: Blob, post: Post, now: () => number): Promise<string> {
  const total = blob.size;
  post({ id, stage: 'reading', bytes: 0, total });
  const reader = blob.stream().getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let reported = now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    parts.push(value);
    if (now() - reported >= READ_REPORT_MS) {
      reported = now();
      post({ id, stage: 'reading', bytes, total });
    }
  }
  post({ id, stage: 'reading', bytes, total });
  return new TextDecoder().decode(joined(parts, bytes));
}

/** Posts why a file was not opened: a FileError's fields (`refused`), else the message (`failed`). */
function postFailure(id: number, error: unknown, post: Post): void {
  if (error instanceof FileError) {
    const { code, fileName, path, problem, location } = error;
    post({
      id,
      stage: 'refused',
      error: { code, fileName, path, problem, ...(location ? { location } : {}) },
    });
  } else post({ id, stage: 'failed', message: messageOf(error) });
}

/** Posts a reading: its long arrays in `part`s first (a task each on the page), then `opened`. */
function postReading(id: number, opened: OpenedFile, post: Post, partItems?: number): void {
  const { head, parts } = splitReading(opened, partItems);
  for (const part of parts) post({ id, stage: 'part', part });
  post({ id, stage: 'opened', opened: head });
}

/**
 * Opens a request's file: `reading` reports, `parsing`, then
 * `opened` (`held` when the request holds), `refused` or `failed`. Resolves to the reading
 * (null when refused or failed).
 */
export async function answerOpenRequest(
  request: OpenWorkerRequest,
  post: Post,
  now?: () => number,
  partItems?: number,
): Promise<OpenedFile | null> {
  return (await readAndAnswer(request, post, now, partItems))?.opened ?? null;
}

/**
 * A file's reading and, for a native trace, the file as the library keeps its run (`KeptFile`,
 * read back by the page's fast path as quickly as the trace's clone was); another tool's trace is
 * kept whole (its importer takes ~3.5 s on the page for 100,000 spans, the clone ~1 s), so its
 * text is not held.
 */
interface Reading {
  /** The reading; null for a native text the page read and verified, held only to be kept. */
  readonly opened: OpenedFile | null;
  readonly file: KeptFile | null;
}

/** `answerOpenRequest`, resolving to the file to keep as well (a holding worker writes it). */
async function readAndAnswer(
  request: OpenWorkerRequest,
  post: Post,
  now: () => number = () => Date.now(),
  partItems?: number,
): Promise<Reading | null> {
  const { id, source, name } = request;
  // A native text the page read and verified: held as it is, to be kept (read here as well, it
  // cost ~0.5 s of this worker's time beside the page's first selections).
  if (request.verified && request.hold && typeof source === 'string' && startsAsNative(source)) {
    post({ id, stage: 'held' });
    return { opened: null, file: { name, text: source } };
  }
  try {
    let text: string;
    if (typeof source === 'string') text = source;
    else {
      checkFileSize(source.size, name);
      text = await readText(id, source, post, now);
    }
    post({ id, stage: 'parsing' });
    const opened = openFileText(text, name);
    if (request.hold) post({ id, stage: 'held' });
    else postReading(id, opened, post, partItems);
    return { opened, file: opened.kind === 'trace' ? { name, text } : null };
  } catch (error) {
    postFailure(id, error, post);
    return null;
  }
}

/**
 * Writes one run to the library's IndexedDB `database` (the worker's own connection); a native
 * trace's run as its shell with the text of its file (which the library keeps in place of the
 * trace) and its summary.
 */
export type KeepRecord = (
  database: string,
  entry: {
    readonly record: RunRecord;
    readonly label?: RunLabel;
    readonly bytes: number;
    readonly file?: KeptFile;
    readonly summary?: RunSummary;
  },
) => Promise<RunSummary>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The file's size as `recordBytes` counts it: bytes of a Blob, UTF-16 units of text. */
const sizeOf = (source: Blob | string): number =>
  typeof source === 'string' ? source.length : source.size;

/** The steps a reading holds (-1: no trace). */
const stepsOf = (opened: OpenedFile): number =>
  opened.kind === 'trace' || opened.kind === 'foreign' ? opened.trace.steps.length : -1;

/**
 * One worker's message handler: the request (read, parse, answer; held when asked), then the
 * page's commands on it: `send` posts the held reading, `keep` writes the page's run with it
 * through `keep` and answers `kept` with its summary, or `unkept` with why (no writer here, no
 * reading, a reading that differs from the page's, the write failed).
 */
export function createOpenAnswerer(
  post: Post,
  options: {
    readonly keep?: KeepRecord;
    readonly now?: () => number;
    /** Items a `part` holds (default `PART_ITEMS`). */
    readonly partItems?: number;
  } = {},
): (message: OpenWorkerMessage) => void {
  let reading: Promise<Reading | null> | null = null;
  let request: OpenWorkerRequest | null = null;

  /** Writes the page's run (`command`) with this worker's reading: `kept` or `unkept`. */
  const keepRun = async (command: OpenKeepCommand, read: Reading | null): Promise<void> => {
    const { id } = command;
    const unkept = (problem: string) => post({ id, stage: 'unkept', problem });
    if (!options.keep) return unkept('this worker cannot write to the library');
    if (!read) return unkept('the file was not opened here');
    const { file, opened } = read;
    if (opened) {
      const steps = stepsOf(opened);
      if (steps !== command.steps)
        return unkept(`this reading has ${steps} steps, the page's ${command.steps}`);
    }
    // A native trace's run is kept as its shell and its file, summed up by the page's whole
    // record: no reading is needed here. Another tool's is kept whole, from this reading.
    const record = file ? command.record : opened && filledRecord(command.record, opened);
    if (!record) return unkept('the file was not opened here');
    // The file's size stands for the trace (and spans) it was read into, as on the page.
    const bytes = sizeOf(request!.source) + JSON.stringify(command.record).length;
    try {
      const { label } = command;
      const summary = await options.keep(command.database, {
        record,
        bytes,
        ...(file ? { file, summary: command.summary } : {}),
        ...(label ? { label } : {}),
      });
      post({ id, stage: 'kept', summary });
    } catch (error) {
      unkept(messageOf(error));
    }
  };

  return (message) => {
    if (!('command' in message)) {
      request = message;
      reading = readAndAnswer(message, post, options.now, options.partItems);
      return;
    }
    if (!reading || message.id !== request?.id) {
      if (message.command === 'keep')
        post({ id: message.id, stage: 'unkept', problem: 'the file was not opened here' });
      return;
    }
    const { id } = message;
    void reading.then((read) => {
      if (message.command === 'keep') return keepRun(message, read);
      if (read?.opened) postReading(id, read.opened, post, options.partItems);
      // A verified text is held only to be kept: the page has its reading.
      else if (read)
        post({ id, stage: 'failed', message: 'this worker holds the file only to keep it' });
    });
  };
}
