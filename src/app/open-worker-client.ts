/**
 * The page's file reader: a file is read and parsed in the open worker (`workers/open-worker.ts`),
 * one worker per file, so reading and checking a 90 MB trace leave the page answering; progress
 * comes back as it goes. A native trace is parsed on the page as well (`open-own-copy.ts`): its
 * structured clone from the worker cost more than the parse. Where there are no workers (a test
 * in Node) the same core runs on this thread.
 */
import { FileError, type OpenedFile } from '../engine';
import { looksNative } from './native-start';
import type {
  FileErrorFields,
  OpenWorkerRequest,
  OpenWorkerResponse,
} from '../workers/open-protocol';

/** How far an opening has got: bytes read of the file's size, then parsing. */
export type OpenProgress =
  | { readonly stage: 'reading'; readonly bytes: number; readonly total: number }
  | { readonly stage: 'parsing' };

/** An opening under way: its outcome, and a way to stop it (its worker ends at once). */
export interface OpenJob {
  readonly opened: Promise<OpenedFile>;
  cancel(): void;
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
  post(request: OpenWorkerRequest): void;
  close(): void;
}

export type OpenPortFactory = (
  onAnswer: (answer: OpenWorkerResponse) => void,
  onError: (message: string) => void,
) => OpenPort;

/** The page's own reading of a native trace (null: not plainly one) and the guess that starts it. */
export interface OwnCopy {
  readonly looksNative: (source: Blob | string) => Promise<boolean>;
  readonly read: (source: Blob | string) => Promise<OpenedFile | null>;
}

/** The page's own reading loads with the first native file (its fast path needs the schemas). */
const PAGE_COPY: OwnCopy = {
  looksNative,
  read: async (source) => (await import('./open-own-copy')).ownReading(source),
};

/**
 * An opener over the ports `connect` makes: a port per file, closed when it answers or stops.
 * A file that starts as a native trace is also read on the page (`open-own-copy.ts`): that
 * reading is the answer once the worker's pre-scan is clean, and the worker is ended unheard.
 */
export function createEngineOpener(connect: OpenPortFactory, copy = PAGE_COPY): EngineOpener {
  let nextId = 1;
  return (source, name, onProgress) => {
    const id = nextId++;
    let port: OpenPort | null = null;
    let settle: { resolve: (o: OpenedFile) => void; reject: (e: Error) => void } | null = null;
    /** The worker's pre-scan was clean; the page's own reading (undefined: none yet). */
    let clean = false;
    let own: OpenedFile | null | undefined;
    const end = () => {
      port?.close();
      port = null;
      settle = null;
    };
    const ownDone = () => {
      const waiting = settle;
      if (!waiting || !clean || !own) return;
      end();
      waiting.resolve(own);
    };
    const opened = new Promise<OpenedFile>((resolve, reject) => {
      settle = { resolve, reject };
      const answer = (response: OpenWorkerResponse) => {
        if (response.id !== id || !settle) return;
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
          return ownDone();
        }
        const { resolve: done, reject: fail } = settle;
        end();
        if (response.stage === 'opened') done(response.opened);
        else if (response.stage === 'refused') fail(fileErrorOf(response.error));
        else fail(new Error(response.message));
      };
      const broke = (message: string) => {
        const failing = settle;
        end();
        failing?.reject(new Error(message));
      };
      const connected = connect(answer, broke);
      port = connected;
      connected.post({ id, source, name, scan: true });
      // The worker's answer stands whenever the page's reading fails or finds nothing.
      void copy
        .looksNative(source)
        .then((native) => (native && settle ? copy.read(source) : null))
        .then((file) => {
          own = file;
          ownDone();
        })
        .catch(() => undefined);
    });
    return {
      opened,
      cancel: () => {
        const cancelling = settle;
        end();
        cancelling?.reject(new OpenCancelled(name));
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
  return { post: (request) => worker.postMessage(request), close: () => worker.terminate() };
};

/** Where there are no workers: the worker's core on this thread, loaded with the first file. */
export const inThreadOpenPort: OpenPortFactory = (onAnswer, onError) => {
  let open = true;
  return {
    post: (request) => {
      void import('../workers/open-core')
        .then(({ answerOpenRequest }) =>
          answerOpenRequest(request, (response) => {
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
