/**
 * The page's token counter: counts in the token worker (`workers/token-worker.ts`), so
 * gpt-tokenizer never loads or runs on the main thread. Counts asked in the same tick go in one
 * message; the counter keeps the engine's per-message cache here, so a grown context asks the
 * worker for its new messages only.
 */
import { createBatchTokenCounter, type TokenCounter } from '../engine';
import type { TokenWorkerRequest, TokenWorkerResponse } from '../workers/token-protocol';

/** One connection to a token worker: requests go out by `post`; answers and failures come back. */
export interface TokenPort {
  post(request: TokenWorkerRequest): void;
  close(): void;
}

export type TokenPortFactory = (
  onAnswer: (answer: TokenWorkerResponse) => void,
  onError: (message: string) => void,
) => TokenPort;

/** Counting stopped: the worker failed to load or to answer. */
export class TokenCountError extends Error {
  readonly code = 'token_count_failed';
  constructor(reason: string) {
    super(`Tokens could not be counted: ${reason}`);
    this.name = 'TokenCountError';
  }
}

interface Asked {
  readonly texts: readonly string[];
  readonly resolve: (counts: readonly number[]) => void;
  readonly reject: (error: Error) => void;
}

export interface WorkerTokenCounter {
  readonly counter: TokenCounter;
  /** Starts the worker and loads its tokenizer now (idle time after the first paint). */
  warm(): void;
}

/** A token counter over the workers `connect` makes: one at a time, made at the first count. */
export function createWorkerTokenCounter(connect: TokenPortFactory): WorkerTokenCounter {
  let port: TokenPort | null = null;
  let nextId = 1;
  const waiting = new Map<number, readonly Asked[]>();
  let batch: Asked[] = [];

  const fail = (message: string) => {
    port?.close();
    port = null; // the next count starts a new worker
    const error = new TokenCountError(message);
    for (const asked of waiting.values()) for (const one of asked) one.reject(error);
    waiting.clear();
  };
  const answer = (response: TokenWorkerResponse) => {
    const asked = waiting.get(response.id);
    if (!asked) return;
    waiting.delete(response.id);
    if ('error' in response) {
      for (const one of asked) one.reject(new TokenCountError(response.error));
      return;
    }
    let at = 0;
    for (const one of asked) {
      one.resolve(response.counts.slice(at, at + one.texts.length));
      at += one.texts.length;
    }
  };
  const open = () => (port ??= connect(answer, fail));
  const flush = () => {
    const asked = batch;
    batch = [];
    const id = nextId++;
    waiting.set(id, asked);
    open().post({ id, texts: asked.flatMap((one) => one.texts) });
  };
  const countTexts = (texts: readonly string[]) =>
    new Promise<readonly number[]>((resolve, reject) => {
      if (batch.length === 0) queueMicrotask(flush);
      batch.push({ texts, resolve, reject });
    });
  return {
    counter: createBatchTokenCounter(countTexts),
    warm: () => void countTexts(['']).catch(() => undefined),
  };
}

/** The token worker in the browser: a module Web Worker that Vite bundles from src/workers. */
export const browserTokenPort: TokenPortFactory = (onAnswer, onError) => {
  const worker = new Worker(new URL('../workers/token-worker.ts', import.meta.url), {
    type: 'module',
    name: 'loopscope-tokens',
  });
  worker.onmessage = (event: MessageEvent<TokenWorkerResponse>) => onAnswer(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || 'the token worker stopped with an error');
  };
  worker.onmessageerror = () => onError('a message from the token worker could not be read');
  return { post: (request) => worker.postMessage(request), close: () => worker.terminate() };
};
