/** The eval store's types: its status, actions and state (the store is `eval-store.ts`). */
import type { StoreApi } from 'zustand/vanilla';
import type {
  EvalEndpointLabel,
  EvalMatrix,
  EvalRunRow,
  EvalVerdict,
} from '../projections/eval-matrix';
import type { EvalEndpoint, EvalRunError } from '../workers/eval-protocol';
import type { EvalSelectionActions } from './eval-selection-actions';
import type { EvalSelection } from './eval-selection';

/** `stopped`: the worker stopped early (the first runs on an endpoint all failed alike). */
export type EvalStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'stopped';

/** What the eval store does; made once with the store (read them with no subscription). */
export interface EvalActions extends EvalSelectionActions {
  /** Which model the matrix runs on: `BUILTIN_MODELS` or an endpoint id. */
  setModel(id: string): void;
  /** Clamped to 1..MAX_EVAL_CONCURRENCY; not a number: the default. */
  setConcurrency(concurrency: number): void;
  /**
   * Starts the selected matrix on `endpoint` (with its key, straight into the run message), or
   * on the built-in models when it is left out; ignored while one runs or when nothing is
   * selected. On an endpoint the scripted scenarios are left out.
   */
  run(endpoint?: EvalEndpoint | null): void;
  /** Stops the running matrix: no more runs start, the runs in flight are aborted, the rows so far come back. */
  cancel(): void;
  /** Back to idle with no rows (a running matrix is cancelled and its answers ignored). */
  reset(): void;
  /** Shows the kept matrix again (a reload); once, and only while no matrix has run. */
  load(): Promise<void>;
  /** Forgets the kept matrix and its runs, and shows no matrix (ignored while one runs). */
  clearKept(): Promise<void>;
  /**
   * Makes the worker now (a view opened), so its start-up — mostly reading the tokenizer's
   * tables — is over before the first Run. Once is enough; a worker that cannot be made is made
   * again by `run`, which then says why.
   */
  prepare(): void;
  /**
   * Ends the worker (the store's owner is done with it): the only thing that stops a running
   * matrix other than Cancel and Reset. A later `prepare` or `run` makes a new worker.
   */
  dispose(): void;
}

/** What the current or last matrix did: its status, progress and rows. */
export interface EvalOutcome {
  readonly status: EvalStatus;
  /** A cancel was asked for and the worker has not answered yet. */
  readonly cancelling: boolean;
  readonly done: number;
  readonly total: number;
  /** The run the last progress report named. */
  readonly latest: EvalRunRow | null;
  /** The finished matrix's rows (after a cancel: the runs that finished). */
  readonly rows: readonly EvalRunRow[];
  /**
   * The matrix of `rows` as the view shows it (null: no rows), built by the worker (or, for a
   * kept matrix, when it is shown again); equal to `buildEvalMatrix(rows, scenarios, labels)`.
   */
  readonly matrix: EvalMatrix | null;
  /** The verdicts on `rows` (`evalVerdicts`), built with the matrix. */
  readonly verdicts: readonly EvalVerdict[];
  /** The selection the current or last matrix was started with. */
  readonly ran: EvalSelection | null;
  /** The endpoint the current or last matrix ran on; null: the built-in models (or none ran). */
  readonly ranOn: EvalEndpointLabel | null;
  readonly errors: readonly EvalRunError[];
  /** Why a `stopped` matrix stopped, in words. */
  readonly note: string | null;
  /** When the matrix shown ended, once it is kept (null: not kept). */
  readonly keptAt: number | null;
  /** A kept matrix that could not be read, or kept, in words. */
  readonly keptProblem: string | null;
}

export interface EvalState extends EvalOutcome {
  readonly selection: EvalSelection;
  readonly actions: EvalActions;
}

export type EvalStore = StoreApi<EvalState>;
