/**
 * The messages between the eval store (main thread) and the eval worker, and the gathering of a
 * matrix's end from them (`collectEnd`), and the library record of a matrix's run (`evalRunRecord`,
 * which the worker writes and the page keeps when the worker cannot). Types and pure functions:
 * the store imports them without pulling the engine into the main bundle's eval path.
 */
import type { Scenario, Trace } from '../engine';
import type { RunRecord, RunSummary } from '../state';
import {
  rowOverrides,
  type EvalConfig,
  type EvalMatrix,
  type EvalMatrixHead,
  type EvalMatrixRow,
  type EvalRunRow,
  type EvalVerdict,
} from '../projections/eval-matrix';

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
  /** false: each reply arrives whole (`stream: false`), as the endpoint's "Stream replies" says. */
  readonly stream: boolean;
  /** The endpoint's own first-byte and idle limits, in ms (absent: the client's defaults). */
  readonly firstByteTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
  /**
   * The origins the page's policy allows (`app/connect-policy.ts`). A worker's own policy comes
   * from its script's response headers, not from the page, so the client checks this list.
   */
  readonly allowedOrigins?: readonly string[];
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
  /**
   * With `keepTraces`: the stamp the kept runs' ids are made from (the page's clock at Run;
   * `matrixRunId`). The rows and the matrix the worker posts then name each traced row's run.
   */
  readonly keepAs?: number;
  /**
   * With `keepTraces` and `keepAs`: the runs library's IndexedDB database. The worker then
   * writes the kept runs there itself (`src/storage`) and posts `kept` summaries, not traces.
   */
  readonly keepIn?: string;
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
      /**
       * Before the `end`: the finished rows `from` to `from + rows.length - 1` (job order), a
       * batch at a time, so the page takes them in short tasks.
       */
      readonly type: 'rows';
      readonly runId: number;
      readonly from: number;
      readonly rows: readonly EvalRunRow[];
    }
  | {
      /**
       * Before the `end`, after the rows: the matrix's scenario rows `from`… as the worker built
       * them (cells, their runs, the per-scenario totals), a few at a time.
       */
      readonly type: 'cells';
      readonly runId: number;
      readonly from: number;
      readonly rows: readonly EvalMatrixRow[];
    }
  | {
      readonly type: 'end';
      readonly runId: number;
      /**
       * `cancelled`: the user stopped it (runs in flight were aborted); `stopped`: the first runs
       * all failed alike (a wrong key, an unreachable server), so the rest were not run.
       * Either way the `rows` messages before this one hold the runs that finished, in job order.
       */
      readonly status: EvalEndStatus;
      readonly done: number;
      readonly total: number;
      /** The matrix but its scenario rows (those came in `cells`): columns, totals. */
      readonly matrix: EvalMatrixHead;
      readonly verdicts: readonly EvalVerdict[];
      readonly errors: readonly EvalRunError[];
      /** Why a `stopped` matrix stopped, in words. */
      readonly note?: string;
      /**
       * With `keepTraces`: beside the rows, whether the row's trace follows (false: the run threw
       * before it recorded one). The traces come after this message, in `traces` messages.
       */
      readonly traced?: readonly boolean[];
    }
  | {
      /**
       * After an `end` with `traced`: the traces of rows `from` to `from + traces.length - 1`
       * (null where `traced` says none), a batch at a time, so the page takes them in short
       * tasks. An endpoint's key is redacted from them. With `keepIn` only when the worker's
       * own write failed (`problem`, in words): the page keeps this batch and the rest.
       */
      readonly type: 'traces';
      readonly runId: number;
      readonly from: number;
      readonly traces: readonly (Trace | null)[];
      readonly problem?: string;
    }
  | {
      /** After an `end`, with `keepIn`: a batch of runs the worker wrote, for the library's list. */
      readonly type: 'kept';
      readonly runId: number;
      readonly summaries: readonly RunSummary[];
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

/** A matrix's end, gathered: the `end` message with the rows and the matrix it came after. */
export interface EvalEnd extends Omit<Extract<EvalWorkerResponse, { type: 'end' }>, 'matrix'> {
  readonly rows: readonly EvalRunRow[];
  readonly matrix: EvalMatrix;
}

/**
 * Gathers one matrix's `rows` and `cells` messages (one run id's, in the order posted): give it
 * every message; it answers the gathered end at the `end`, else null. Pure but for its own
 * buffers: appending is all a batch costs.
 */
export function collectEnd(): (message: EvalWorkerResponse) => EvalEnd | null {
  let rows: EvalRunRow[] = [];
  let cells: EvalMatrixRow[] = [];
  return (message) => {
    if (message.type === 'rows') {
      for (let i = 0; i < message.rows.length; i++) rows[message.from + i] = message.rows[i]!;
    } else if (message.type === 'cells') {
      for (let i = 0; i < message.rows.length; i++) cells[message.from + i] = message.rows[i]!;
    } else if (message.type === 'end') {
      const { matrix, ...end } = message;
      const gathered: EvalEnd = { ...end, rows, matrix: { ...matrix, rows: cells } };
      rows = [];
      cells = [];
      return gathered;
    }
    return null;
  };
}

/** Pure: a matrix row's run as the library keeps it (origin `eval`, started and ended at `at`). */
export function evalRunRecord(
  id: string,
  scenario: Scenario,
  row: EvalRunRow,
  trace: Trace,
  at: number,
): RunRecord {
  return {
    id,
    scenario,
    overrides: rowOverrides(row),
    settings: trace.config,
    trace,
    status: 'done',
    error: null,
    origin: { kind: 'eval' },
    startedAt: at,
    endedAt: at,
  };
}
