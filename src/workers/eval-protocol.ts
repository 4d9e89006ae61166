/**
 * The messages between the eval store (main thread) and the eval worker. Types only: the store
 * imports them without pulling the engine into the main bundle's eval path.
 */
import type { Trace } from '../engine';
import type { EvalConfig, EvalRunRow } from '../projections/eval-matrix';

/** Runs in flight at once on an endpoint at most: more would hammer a local server. */
export const MAX_EVAL_CONCURRENCY = 8;
/** Runs in flight at once on an endpoint unless the user says otherwise (as `loop eval --endpoint`). */
export const DEFAULT_EVAL_CONCURRENCY = 2;

/**
 * A user's OpenAI-compatible endpoint to run the matrix on. It travels in the run message only
 * (memory): the worker never posts it back, and `name` and `model` are all a row or an export
 * records of it.
 */
export interface EvalEndpoint {
  /** The user's name for it, such as "Local llama". */
  readonly name: string;
  readonly baseUrl: string;
  readonly model: string;
  /** Goes into the `Authorization` header only. */
  readonly apiKey: string | null;
  /** The endpoint speaks one protocol: every run of the matrix uses it. */
  readonly protocol: 'text' | 'tools';
  readonly includeUsage: boolean;
  /** The endpoint's own first-byte and idle limits, in ms (absent: the client's defaults). */
  readonly firstByteTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
}

/** What to run: built-in scenario ids × config labels × seeds per cell, and on which model. */
export interface EvalRequest {
  readonly scenarioIds: readonly string[];
  /** Presets' labels and saved settings' names. */
  readonly configLabels: readonly string[];
  /** The user's saved settings the labels may name (columns after the presets). */
  readonly savedConfigs?: readonly EvalConfig[];
  readonly seeds: number;
  /**
   * A real endpoint; left out, each scenario runs on its own built-in model. On an endpoint the
   * scripted scenarios (exact replays of recorded replies) are left out.
   */
  readonly endpoint?: EvalEndpoint;
  /** Runs in flight at once (1..MAX_EVAL_CONCURRENCY); the built-in models run one at a time. */
  readonly concurrency?: number;
  /** Send each row's trace back at the end (the page keeps the runs in its library). */
  readonly keepTraces?: boolean;
}

/** A run that failed (its row says `error`), or the worker itself failing (nulls). */
export interface EvalRunError {
  readonly scenario: string | null;
  readonly label: string | null;
  readonly seed: number | null;
  readonly message: string;
  /** The model error's stable code (`http_401`, `network`, …) when there is one. */
  readonly code?: string;
}

/** How a matrix ended: every run in, cancelled by the user, or stopped early by the worker. */
export type EvalEndStatus = 'done' | 'cancelled' | 'stopped';

export type EvalWorkerRequest =
  | {
      readonly type: 'run';
      readonly runId: number;
      readonly request: EvalRequest;
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
      /**
       * `cancelled`: the user stopped it (runs in flight were aborted); `stopped`: the first runs
       * all failed alike (a wrong key, an unreachable server), so the rest were not run.
       * Either way `rows` holds the runs that finished, in job order.
       */
      readonly status: EvalEndStatus;
      readonly done: number;
      readonly total: number;
      readonly rows: readonly EvalRunRow[];
      readonly errors: readonly EvalRunError[];
      /** Why a `stopped` matrix stopped, in words. */
      readonly note?: string;
      /**
       * With `keepTraces`: beside `rows`, whether the row's trace follows (false: the run threw
       * before it recorded one). The traces come after this message, in `traces` messages.
       */
      readonly traced?: readonly boolean[];
    }
  | {
      /**
       * After an `end` with `traced`: the traces of rows `from` to `from + traces.length - 1`
       * (null where `traced` says none), a batch at a time, so the page takes them in short
       * tasks. An endpoint's key is redacted from them.
       */
      readonly type: 'traces';
      readonly runId: number;
      readonly from: number;
      readonly traces: readonly (Trace | null)[];
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
