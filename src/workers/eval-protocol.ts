/**
 * The messages between the eval store (main thread) and the eval worker. Types only: the store
 * imports them without pulling the engine into the main bundle's eval path.
 */
import type { EvalRunRow } from '../projections/eval-matrix';

/** What to run: built-in scenario ids × preset labels × seeds per cell. */
export interface EvalRequest {
  readonly scenarioIds: readonly string[];
  readonly configLabels: readonly string[];
  readonly seeds: number;
}

/** A run that threw (its row says `error`), or the worker itself failing (nulls). */
export interface EvalRunError {
  readonly scenario: string | null;
  readonly label: string | null;
  readonly seed: number | null;
  readonly message: string;
}

export type EvalWorkerRequest =
  | {
      readonly type: 'run';
      readonly runId: number;
      readonly request: EvalRequest;
      /** Post progress after every this many runs. */
      readonly progressEvery?: number;
    }
  | { readonly type: 'cancel'; readonly runId: number };

export type EvalWorkerResponse =
  | {
      readonly type: 'progress';
      readonly runId: number;
      readonly done: number;
      readonly total: number;
      readonly latest: EvalRunRow;
    }
  | {
      readonly type: 'end';
      readonly runId: number;
      /** `cancelled`: stopped between runs; `rows` holds the runs that finished. */
      readonly status: 'done' | 'cancelled';
      readonly done: number;
      readonly total: number;
      readonly rows: readonly EvalRunRow[];
      readonly errors: readonly EvalRunError[];
    }
  | { readonly type: 'failed'; readonly runId: number; readonly message: string };

/** The store's side of a worker: post a request; the worker answers through the factory's callbacks. */
export interface EvalWorkerHandle {
  post(message: EvalWorkerRequest): void;
  terminate(): void;
}

/** Makes a worker that reports to `onMessage` (responses) and `onError` (the worker itself failed). */
export type EvalWorkerFactory = (
  onMessage: (message: EvalWorkerResponse) => void,
  onError: (message: string) => void,
) => EvalWorkerHandle;
