/**
 * The page's file reader: a file is read and parsed in the open worker (`workers/open-worker.ts`),
 * one worker per file, so reading and checking a 90 MB trace leave the page answering; progress
 * comes back as it goes. A native trace is parsed on the page as well (`open-own-copy.ts`): its
 * structured clone from the worker cost more than the parse. The worker then writes the run made
 * of the file to the library itself (`keeper()`): the page's own write of a 100,000-step trace
 * held its thread 1.65 s in one task. Where there are no workers (a test in Node) the same core
 * runs on this thread, and the page writes the run.
 */
import { FileError, type OpenedFile } from '../engine';
import { LIBRARY_DATABASE, summaryOf, type RecordWriter, type RunSummary } from '../state';
import { shellOf } from '../storage/record-shell';
import { looksNative } from './native-start';
import {
  joinReading,
  type ReadingPart,
  type FileErrorFields,
  type OpenWorkerMessage,
  type OpenWorkerResponse,
} from '../workers/open-protocol';

/** How far an opening has got: bytes read of the file's size, then parsing. */
export type OpenProgress =
  | { readonly stage: 'reading'; readonly bytes: number; readonly total: number }
  | { readonly stage: 'parsing' };

/** An opening under way: its outcome, and a way to stop it (its worker ends at once). */
export interface OpenJob {
  readonly opened: Promise<OpenedFile>;
  cancel(): void;
  /**
   * Once `opened` resolved: the worker that read the file, holding its reading, to write the
   * run made of it to the library (`RecordWriter`); the caller writes or releases it. Null when
   * the worker could not hold it (no workers here, or it ended).
   */
  keeper(): RecordWriter | null;
}

export type EngineOpener = (
  source: Blob | string,
  name: string,
  onProgress: (progress: OpenProgress) => void,
) => OpenJob;

/** The opening was stopped (another file was opened, or the user dismissed it). */
export class OpenCancelled extends Error {
  readonly code = 'open_cancelled';
  constructor(name: string) {
    super(`${name}: opening cancelled`);
    this.name = 'OpenCancelled';
  }
}

/** The FileError a `refused` answer carries, as the page's own opener would have thrown it. */
const fileErrorOf = ({ code, fileName, path, problem, location }: FileErrorFields): FileError =>
  new FileError(code, fileName, path, problem, location);

/** One connection for one request: answers come back, the connection ends with `close`. */
export interface OpenPort {
  post(message: OpenWorkerMessage): void;
  close(): void;
  /** The worker can hold its reading and write the run to the library (`hold`, `keep`). */
  readonly holds?: boolean;
}

export type OpenPortFactory = (
  onAnswer: (answer: OpenWorkerResponse) => void,
  onError: (message: string) => void,
) => OpenPort;

/** The page's own reading of a native trace and the guess that starts it. */
export interface OwnCopy {
  readonly looksNative: (source: Blob | string) => Promise<boolean>;
  /**
   * Reads the file's text (and loads what parses it): resolves to the parse, which the opener
   * calls when it chooses (null: not plainly a native trace). The parse is one long task.
   */
  readonly read: (source: Blob | string) => Promise<() => OpenedFile | null>;
}

/**
 * The page's own reading loads with the first native file (its fast path needs the schemas),
 * while the file is read: a 90 MB read waited ~0.15 s for the chunk when it came after it.
 */
const PAGE_COPY: OwnCopy = {
  looksNative,
  read: async (source) => {
    const [text, { ownReading }] = await Promise.all([
      typeof source === 'string' ? source : source.text(),
      import('./open-own-copy'),
    ]);
    return () => ownReading(text);
  },
};

export interface EngineOpenerOptions {
  /** The page's own reading of a native trace (default: `open-own-copy.ts`). */
  readonly copy?: OwnCopy;
  /** The library's IndexedDB database a holding worker writes to (default: the app's). */
  readonly database?: string;
}

/**
 * An opener over the ports `connect` makes: a port per file. A file that starts as a native
 * trace is also read on the page (`open-own-copy.ts`): that reading is the answer once the
 * worker's pre-scan is clean. The page parses its copy only once the worker has said anything:
 * Chromium starts a new worker through the page's thread, and a parse that held it (~0.5 s for
 * 90 MB) held the worker's start, and so its pre-scan, as long. A worker that holds (`holds`)
 * keeps its reading meanwhile and sends it only when the page's own found nothing (`send`);
 * after the answer it stays, to write the run made of the file (`keeper()`), and ends when that
 * is written or released.
 */
export function createEngineOpener(
  connect: OpenPortFactory,
  options: EngineOpenerOptions = {},
): EngineOpener {
  const { copy = PAGE_COPY, database = LIBRARY_DATABASE } = options;
  let nextId = 1;
  return (source, name, onProgress) => {
    const id = nextId++;
    let port: OpenPort | null = null;
    let settle: { resolve: (o: OpenedFile) => void; reject: (e: Error) => void } | null = null;
    /** The worker's pre-scan was clean; the page's own reading (undefined: none yet). */
    let clean = false;
    let own: OpenedFile | null | undefined;
    /** The worker holds a good reading (`held`); it was asked to send it. */
    let held = false;
    let sent = false;
    /** After the answer: the worker's reading failed (it cannot write), and the write asked. */
    let unusable: string | null = null;
    let writing: { resolve: (s: RunSummary) => void; reject: (e: Error) => void } | null = null;
    let writer: RecordWriter | null = null;
    /** The parts of the worker's reading so far (its `opened` joins them). */
    const parts: ReadingPart[] = [];
    /** Resolved when the worker first answers, or ends: then the page may parse its copy. */
    let started = () => {};
    const workerStarted = new Promise<void>((resolve) => {
      started = resolve;
    });

    const end = () => {
      started();
      port?.close();
      port = null;
      settle = null;
      const pending = writing;
      writing = null;
      pending?.reject(new Error(unusable ?? 'the open worker ended before it wrote the run'));
    };
    /** The answer; a holding worker stays for the write. */
    const finish = (file: OpenedFile) => {
      const waiting = settle;
      settle = null;
      if (!port?.holds) end();
      waiting?.resolve(file);
    };
    const decide = () => {
      if (!settle) return;
      if (clean && own) return finish(own);
      // The worker's reading is the answer: the page's found nothing, or the scan was not clean.
      if (held && !sent && (own !== undefined || !clean)) {
        sent = true;
        port?.post({ id, command: 'send' });
      }
    };
    /** After the answer: what the worker says of its reading and of the write. */
    const afterAnswer = (response: OpenWorkerResponse) => {
      if (response.stage === 'kept') {
        const done = writing;
        writing = null;
        end();
        done?.resolve(response.summary);
      } else if (response.stage === 'unkept') {
        unusable = response.problem;
        end();
      } else if (response.stage === 'refused' || response.stage === 'failed') {
        unusable =
          response.stage === 'failed' ? response.message : fileErrorOf(response.error).message;
        if (writing) end();
      }
    };

    const opened = new Promise<OpenedFile>((resolve, reject) => {
      settle = { resolve, reject };
      const answer = (response: OpenWorkerResponse) => {
        if (response.id !== id || !port) return;
        started();
        if (!settle) return afterAnswer(response);
        if (response.stage === 'reading') {
          onProgress({ stage: 'reading', bytes: response.bytes, total: response.total });
          return;
        }
        if (response.stage === 'parsing') {
          onProgress({ stage: 'parsing' });
          return;
        }
        if (response.stage === 'scanned') {
          clean = response.clean;
          return decide();
        }
        if (response.stage === 'held') {
          held = true;
          return decide();
        }
        if (response.stage === 'part') {
          parts.push(response.part);
          return;
        }
        if (response.stage === 'opened')
          return finish(joinReading(response.opened, parts.splice(0)));
        if (response.stage === 'kept' || response.stage === 'unkept') return;
        const { reject: fail } = settle;
        end();
        if (response.stage === 'refused') fail(fileErrorOf(response.error));
        else fail(new Error(response.message));
      };
      const broke = (message: string) => {
        const failing = settle;
        unusable = message;
        end();
        failing?.reject(new Error(message));
      };
      const connected = connect(answer, broke);
      port = connected;
      connected.post({ id, source, name, scan: true, ...(connected.holds ? { hold: true } : {}) });
      // The worker's answer stands whenever the page's reading fails or finds nothing.
      void copy
        .looksNative(source)
        .then(async (native) => {
          if (!native || !settle) return null;
          const parse = await copy.read(source);
          await workerStarted;
          return settle ? parse() : null;
        })
        .catch(() => null)
        .then((file) => {
          own = file;
          decide();
        });
    });
    return {
      opened,
      cancel: () => {
        const cancelling = settle;
        if (!cancelling) return;
        end();
        cancelling.reject(new OpenCancelled(name));
      },
      keeper: () => {
        if (settle || !port?.holds || unusable) return null;
        writer ??= {
          write: (record, label) =>
            new Promise<RunSummary>((resolve, reject) => {
              if (!port || unusable || writing) {
                reject(new Error(unusable ?? 'the open worker has ended'));
                return;
              }
              writing = { resolve, reject };
              port.post({
                id,
                command: 'keep',
                database,
                record: shellOf(record),
                steps: record.trace?.steps.length ?? -1,
                // The worker writes the label and the file's size over it.
                summary: summaryOf(record, {}, 0),
                ...(label ? { label } : {}),
              });
            }),
          release: end,
        };
        return writer;
      },
    };
  };
}

/** The open worker in the browser: a module Web Worker that Vite bundles from src/workers. */
export const browserOpenPort: OpenPortFactory = (onAnswer, onError) => {
  const worker = new Worker(new URL('../workers/open-worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-open',
  });
  worker.onmessage = (event: MessageEvent<OpenWorkerResponse>) => onAnswer(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || 'the open worker stopped with an error');
  };
  worker.onmessageerror = () => onError('a message from the open worker could not be read');
  return {
    post: (message) => worker.postMessage(message),
    close: () => worker.terminate(),
    holds: true,
  };
};

/** Where there are no workers: the worker's core on this thread, loaded with the first file. */
export const inThreadOpenPort: OpenPortFactory = (onAnswer, onError) => {
  let open = true;
  return {
    post: (message) => {
      if ('command' in message) return;
      void import('../workers/open-core')
        .then(({ answerOpenRequest }) =>
          answerOpenRequest(message, (response) => {
            if (open) onAnswer(response);
          }),
        )
        .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
    },
    close: () => {
      open = false;
    },
  };
};

/** The port this page can have: the worker when the browser has workers, else the core here. */
export const pagePort = (): OpenPortFactory =>
  typeof Worker === 'undefined' ? inThreadOpenPort : browserOpenPort;
