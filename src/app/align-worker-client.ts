/**
 * Compare's aligner for long runs: aligns in the align worker (`workers/align-worker.ts`), so the
 * page's main thread never fills the table. One worker, started at the first long compare.
 */
import type { Aligner } from '../state';
import type { AlignWorkerRequest, AlignWorkerResponse } from '../workers/align-protocol';

/** One connection to an align worker: requests go out by `post`; answers and failures come back. */
export interface AlignPort {
  post(request: AlignWorkerRequest): void;
  close(): void;
}

export type AlignPortFactory = (
  onAnswer: (answer: AlignWorkerResponse) => void,
  onError: (message: string) => void,
) => AlignPort;

/** The alignment stopped: the worker failed to load or to answer. */
export class AlignError extends Error {
  readonly code = 'align_failed';
  constructor(reason: string) {
    super(`The runs could not be aligned: ${reason}`);
    this.name = 'AlignError';
  }
}

/** An aligner over the workers `connect` makes: one at a time, made at the first alignment. */
export function createWorkerAligner(connect: AlignPortFactory): Aligner {
  let port: AlignPort | null = null;
  let nextId = 1;
  const waiting = new Map<
    number,
    { resolve: (a: Alignment) => void; reject: (e: Error) => void }
  >();
  const fail = (message: string) => {
    port?.close();
    port = null; // the next alignment starts a new worker
    for (const one of waiting.values()) one.reject(new AlignError(message));
    waiting.clear();
  };
  const answer = (response: AlignWorkerResponse) => {
    const one = waiting.get(response.id);
    if (!one) return;
    waiting.delete(response.id);
    if ('error' in response) one.reject(new AlignError(response.error));
    else one.resolve(response.alignment);
  };
  return (signatures, baseline) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      (port ??= connect(answer, fail)).post({ id, signatures, baseline });
    });
}

type Alignment = Awaited<ReturnType<Aligner>>;

/** The align worker in the browser: a module Web Worker that Vite bundles from src/workers. */
export const browserAlignPort: AlignPortFactory = (onAnswer, onError) => {
  const worker = new Worker(new URL('../workers/align-worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-align',
  });
  worker.onmessage = (event: MessageEvent<AlignWorkerResponse>) => onAnswer(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || 'the align worker stopped with an error');
  };
  worker.onmessageerror = () => onError('a message from the align worker could not be read');
  return { post: (request) => worker.postMessage(request), close: () => worker.terminate() };
};
