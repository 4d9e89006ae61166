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

/**
 * How far an opening has got: bytes read of the file's size (`bytes` absent: the page reads it
 * whole, without counting), then parsing.
 */
export type OpenProgress =
  | { readonly stage: 'reading'; readonly bytes?: number; readonly total: number }
  | { readonly stage: 'parsing' };

/** An opening under way: its outcome, and a way to stop it (its worker ends at once). */
export interface OpenJob {
  readonly opened: Promise<OpenedFile>;
  cancel(): void;
  /**
   * Once `opened` resolved: a writer of the run made of the file to the library
   * (`RecordWriter`), through the worker that read it, or (the page read it) a worker started
   * for the write; the caller writes or releases it. Null when no worker can hold it (the
   * worker ended, its reading failed).
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
   * Reads the file's text (and loads what parses it): resolves to the text and its parse, which
   * the opener calls when it chooses (null: not plainly a native trace). The parse is one long
   * task.
   */
  readonly read: (
    source: Blob | string,
  ) => Promise<{ readonly text: string; readonly parse: () => OpenedFile | null }>;
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
    return { text, parse: () => ownReading(text) };
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
 * trace is read on the page alone (`open-own-copy.ts`: the engine's fast path, which is null or
 * exactly what the hardened opener gives the text): with no worker reading the same file beside
 * it, the page's read and parse have the machine to themselves (a 100,000-step file showed
 * ~0.15–0.2 s sooner). Anything else — another kind of file, a native one the fast path does not
 * take whole — goes to the worker, whose answer words every problem. A worker that holds
 * (`holds`) keeps its reading and sends it only when asked (`send`); after the answer it stays,
 * to write the run made of the file (`keeper()`), and ends when that is written or released. A
 * file the page read gets a worker only for that write, started when the write is asked for
 * (after the page has drawn the run) and given the text the page read (`verified`).
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
    /** The page's own reading: the answer (undefined: none yet; null: it has none). */
    let own: OpenedFile | null | undefined;
    /** The text the page read into `own`: the file a worker keeps, given to it as it is. */
    let ownText: string | null = null;
    /** The worker holds a good reading (`held`); it was asked to send it. */
    let held = false;
    let sent = false;
    /** After the answer: the worker's reading failed (it cannot write), and the write asked. */
    let unusable: string | null = null;
    let writing: { resolve: (s: RunSummary) => void; reject: (e: Error) => void } | null = null;
    let writer: RecordWriter | null = null;
    /** The parts of the worker's reading so far (its `opened` joins them). */
    const parts: ReadingPart[] = [];

    const end = () => {
      port?.close();
      port = null;
      settle = null;
      ownText = null;
      const pending = writing;
      writing = null;
      pending?.reject(new Error(unusable ?? 'the open worker ended before it wrote the run'));
    };
    /** The answer; a holding worker (or the page's text, without one) stays for the write. */
    const finish = (file: OpenedFile) => {
      const waiting = settle;
      settle = null;
      if (port && !port.holds) end();
      waiting?.resolve(file);
    };
    const decide = () => {
      if (!settle) return;
      if (own) return finish(own);
      // The worker's reading is the answer (the worker reads only what the page did not take).
      if (held && !sent) {
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
    const answer = (response: OpenWorkerResponse) => {
      if (response.id !== id || !port) return;
      if (!settle) return afterAnswer(response);
      if (response.stage === 'reading') {
        onProgress({ stage: 'reading', bytes: response.bytes, total: response.total });
        return;
      }
      if (response.stage === 'parsing') {
        onProgress({ stage: 'parsing' });
        return;
      }
      if (response.stage === 'held') {
        held = true;
        return decide();
      }
      if (response.stage === 'part') {
        parts.push(response.part);
        return;
      }
      if (response.stage === 'opened') return finish(joinReading(response.opened, parts.splice(0)));
      if (response.stage !== 'refused' && response.stage !== 'failed') return;
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
    /** Starts the worker reading the file: its answer is the opening's. */
    const read = () => {
      const connected = connect(answer, broke);
      port = connected;
      connected.post({ id, source, name, ...(connected.holds ? { hold: true } : {}) });
    };
    /**
     * Starts a worker only to keep the text the page read and verified (the fast path's reading
     * is the hardened opener's): it is not read, decoded or scanned again, which ~0.5 s of the
     * second core cost the first selections. Null where no worker holds.
     */
    const keepOwn = (text: string): OpenPort | null => {
      const connected = connect(answer, broke);
      if (!connected.holds) {
        connected.close();
        return null;
      }
      port = connected;
      connected.post({ id, source: text, name, hold: true, verified: true });
      ownText = null;
      return connected;
    };

    const opened = new Promise<OpenedFile>((resolve, reject) => {
      settle = { resolve, reject };
      void copy
        .looksNative(source)
        .catch(() => false)
        .then(async (native) => {
          if (!settle) return;
          if (!native) {
            own = null;
            read();
            return;
          }
          if (typeof source !== 'string') onProgress({ stage: 'reading', total: source.size });
          let file: OpenedFile | null = null;
          let text: string | null = null;
          try {
            const copied = await copy.read(source);
            text = copied.text;
            if (settle) file = copied.parse();
          } catch {
            file = null;
          }
          if (!settle) return;
          own = file;
          ownText = file ? text : null;
          // Not plainly a native trace: the worker reads it, and says what it is.
          if (!file) read();
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
        if (settle || unusable) return null;
        if (port && !port.holds) return null;
        // The page's own reading: no worker yet (one is started for the write).
        if (!port && !own) return null;
        writer ??= {
          write: (record, label) =>
            new Promise<RunSummary>((resolve, reject) => {
              const keeping = port ?? (ownText !== null ? keepOwn(ownText) : null);
              if (!keeping || unusable || writing) {
                reject(new Error(unusable ?? 'no open worker can write this run'));
                return;
              }
              writing = { resolve, reject };
              keeping.post({
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
