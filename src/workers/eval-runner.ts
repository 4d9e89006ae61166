/**
 * The eval worker's core, with no worker in it: the job list of a request and the loop that runs
 * it (progress every N runs, a cancel honoured between runs). The worker wraps it in a message
 * loop; the store's tests run it in-process.
 */
import { runScenario, type Scenario, type ScenarioRunOptions } from '../engine';
import {
  buildEvalJobs,
  EVAL_PRESETS,
  failedRunRow,
  summariseRun,
  type EvalJob,
  type EvalRunRow,
} from '../projections/eval-matrix';
import type {
  EvalRequest,
  EvalRunError,
  EvalWorkerFactory,
  EvalWorkerRequest,
  EvalWorkerResponse,
} from './eval-protocol';

/** Progress goes out after this many runs unless the request says otherwise. */
export const DEFAULT_PROGRESS_EVERY = 10;

/**
 * Pure: the request's runs, in suite order then preset order then seed order (the order
 * `loop eval` runs them in); unknown scenario ids and labels are dropped.
 */
export function requestJobs(request: EvalRequest, scenarios: readonly Scenario[]): EvalJob[] {
  const ids = new Set(request.scenarioIds);
  const labels = new Set(request.configLabels);
  return buildEvalJobs(
    scenarios.filter((scenario) => ids.has(scenario.id)),
    EVAL_PRESETS.filter((config) => labels.has(config.label)),
    { seeds: Math.max(1, Math.floor(request.seeds)) },
  );
}

export interface EvalRunHooks {
  readonly progressEvery?: number;
  /** Called after every `progressEvery` runs and after the last one. */
  readonly onProgress: (done: number, total: number, latest: EvalRunRow) => void;
  /** Read between runs: true stops the loop there. */
  readonly cancelled: () => boolean;
  /** Gives queued messages (a cancel) their turn; called with each progress report. */
  readonly pause?: () => Promise<void>;
  /** Options for each run (a fresh model per run); by default the scenario's own model. */
  readonly runOptions?: () => ScenarioRunOptions;
}

export interface EvalRunResult {
  readonly status: 'done' | 'cancelled';
  readonly rows: EvalRunRow[];
  readonly errors: EvalRunError[];
}

/** Runs the jobs one after another; a run that throws becomes an `error` row and an error entry. */
export async function runEvalJobs(
  jobs: readonly EvalJob[],
  hooks: EvalRunHooks,
): Promise<EvalRunResult> {
  const every = Math.max(1, hooks.progressEvery ?? DEFAULT_PROGRESS_EVERY);
  const rows: EvalRunRow[] = [];
  const errors: EvalRunError[] = [];
  for (const job of jobs) {
    if (hooks.cancelled()) return { status: 'cancelled', rows, errors };
    let row: EvalRunRow;
    try {
      const trace = await runScenario(job.scenario, job.config, hooks.runOptions?.() ?? {});
      row = summariseRun(job, trace);
    } catch (error) {
      row = failedRunRow(job);
      errors.push({
        scenario: job.scenario.id,
        label: job.label,
        seed: job.config.seed,
        message: error instanceof Error ? error.message : String(error),
      });
    }
    rows.push(row);
    if (rows.length % every === 0 || rows.length === jobs.length) {
      hooks.onProgress(rows.length, jobs.length, row);
      await hooks.pause?.();
    }
  }
  return {
    status: hooks.cancelled() && rows.length < jobs.length ? 'cancelled' : 'done',
    rows,
    errors,
  };
}

export interface EvalLoopOptions {
  /** The scenarios a request's ids name (the built-ins in the worker). */
  readonly scenarios: readonly Scenario[];
  /** A turn of the event loop, so a cancel posted during a run is read before the next one. */
  readonly pause: () => Promise<void>;
}

/**
 * The worker's message loop, without the worker: give it each request; it posts progress, the
 * end (rows, or the rows so far after a cancel) or a failure through `post`.
 */
export function createEvalLoop(
  post: (message: EvalWorkerResponse) => void,
  { scenarios, pause }: EvalLoopOptions,
): (message: EvalWorkerRequest) => void {
  const cancelled = new Set<number>();
  const run = async (message: Extract<EvalWorkerRequest, { type: 'run' }>) => {
    const { runId } = message;
    try {
      const jobs = requestJobs(message.request, scenarios);
      const result = await runEvalJobs(jobs, {
        ...(message.progressEvery ? { progressEvery: message.progressEvery } : {}),
        onProgress: (done, total, latest) => post({ type: 'progress', runId, done, total, latest }),
        cancelled: () => cancelled.has(runId),
        pause,
      });
      post({
        type: 'end',
        runId,
        status: result.status,
        done: result.rows.length,
        total: jobs.length,
        rows: result.rows,
        errors: result.errors,
      });
    } catch (error) {
      post({
        type: 'failed',
        runId,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      cancelled.delete(runId);
    }
  };
  return (message) => {
    if (message.type === 'cancel') cancelled.add(message.runId);
    else void run(message);
  };
}

/**
 * A worker factory that runs the same loop on this thread (tests; a fallback where Web Workers
 * are missing). Messages are delivered asynchronously, as a worker's would be; after
 * `terminate` nothing more is delivered.
 */
export function inProcessEvalWorker(options: EvalLoopOptions): EvalWorkerFactory {
  return (onMessage) => {
    let alive = true;
    const handle = createEvalLoop((message) => {
      if (alive) onMessage(message);
    }, options);
    return {
      post: (message) => {
        if (alive) void Promise.resolve().then(() => handle(message));
      },
      terminate: () => {
        alive = false;
      },
    };
  };
}
