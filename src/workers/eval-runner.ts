/**
 * The eval worker's core, with no worker in it: the job list of a request and the pool that runs
 * it (N runs in flight, rows kept in job order, progress at most every ~50 ms of the injected
 * clock, a cancel that aborts the runs in flight). The worker wraps it in a message loop; the store's tests run it
 * in-process.
 */
import { runScenario, type Scenario, type ScenarioRunOptions, type Trace } from '../engine';
import {
  failedRunRow,
  summariseRun,
  type EvalJob,
  type EvalRunRow,
} from '../projections/eval-matrix';
import { endMessages } from './eval-end';
import { clampConcurrency, requestJobs } from './eval-jobs';
import { earlyStop, endpointRunOptions, withoutKey, type EndpointIo } from './eval-endpoint';
import { keepTraces, type KeepRuns } from './eval-keep';
import {
  type EvalEndStatus,
  type EvalRunError,
  type EvalWorkerFactory,
  type EvalWorkerRequest,
  type EvalWorkerResponse,
} from './eval-protocol';

/**
 * Progress goes out at most this often (ms) on the built-in models: a run takes well under a
 * millisecond there, and a report per run (or per 10) would flood the page with renders.
 */
export const PROGRESS_INTERVAL_MS = 50;
export { TRACE_BATCH } from './eval-keep';
export { clampConcurrency, requestJobs } from './eval-jobs';

export interface EvalRunHooks {
  /**
   * The clock progress is throttled by (ms; the worker's `performance.now`). Without one,
   * progress goes out after every run.
   */
  readonly now?: () => number;
  /** With `now`: at most one report per this many ms (0: after every run). Default 50. */
  readonly progressMs?: number;
  /**
   * Called after the first finished run, then at most every `progressMs`, and always after the
   * last one.
   */
  readonly onProgress: (done: number, total: number, latest: EvalRunRow) => void;
  /** Read before each run starts: true starts no more. */
  readonly cancelled: () => boolean;
  /** Gives queued messages (a cancel) their turn; called with each progress report. */
  readonly pause?: () => Promise<void>;
  /** Options for each run (a fresh model per run); by default the scenario's own model. */
  readonly runOptions?: (job: EvalJob) => ScenarioRunOptions;
  /** Runs in flight at once (default 1: one after another). */
  readonly concurrency?: number;
  /** Aborts the runs in flight (a cancel): they leave no row. */
  readonly signal?: AbortSignal;
  /**
   * Read after each finished run with the finished runs' failures in the order they finished
   * (null: no failure): a sentence stops the matrix (status `stopped`, runs in flight aborted).
   */
  readonly stopWhen?: (outcomes: readonly (EvalRunError | null)[], total: number) => string | null;
  /** Hand back each row's trace too (`traces`, beside `rows`), so the page can keep the runs. */
  readonly keepTraces?: boolean;
}

export interface EvalRunResult {
  readonly status: EvalEndStatus;
  /** The finished runs, in job order (whatever order they finished in). */
  readonly rows: EvalRunRow[];
  /** The failed runs' errors, in job order. */
  readonly errors: EvalRunError[];
  /** Why a `stopped` matrix stopped. */
  readonly note?: string;
  /** With `keepTraces`: each row's trace, beside `rows` (null: the run threw, no trace). */
  readonly traces?: (Trace | null)[];
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs the jobs, `concurrency` at a time; a run that throws or ends in a model error becomes an
 * `error` row and an error entry. A run aborted by `signal` leaves nothing.
 */
export async function runEvalJobs(
  jobs: readonly EvalJob[],
  hooks: EvalRunHooks,
): Promise<EvalRunResult> {
  const { signal, now } = hooks;
  const interval = Math.max(0, hooks.progressMs ?? PROGRESS_INTERVAL_MS);
  let reportedAt: number | null = null;
  /** True when a report is due (and then counts it as made). */
  const due = (): boolean => {
    if (!now || interval === 0) return true;
    const time = now();
    if (reportedAt !== null && time - reportedAt < interval) return false;
    reportedAt = time;
    return true;
  };
  // One internal controller: the caller's signal or an early stop aborts the runs in flight.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) stop.abort();

  const rows: (EvalRunRow | undefined)[] = Array.from({ length: jobs.length });
  const errors: (EvalRunError | undefined)[] = Array.from({ length: jobs.length });
  const traces: (Trace | null)[] = Array.from({ length: jobs.length }, () => null);
  const outcomes: (EvalRunError | null)[] = [];
  let next = 0;
  let done = 0;
  let note: string | undefined;

  /** Runs one job; true when it reported progress (false also for a run aborted in flight). */
  const runJob = async (job: EvalJob, position: number): Promise<boolean> => {
    const where = { scenario: job.scenario.id, label: job.label, seed: job.config.seed };
    let row: EvalRunRow;
    let error: EvalRunError | null = null;
    try {
      const trace = await runScenario(job.scenario, job.config, {
        ...hooks.runOptions?.(job),
        signal: stop.signal,
      });
      if (stop.signal.aborted && trace.stopReason === 'cancelled') return false;
      row = summariseRun(job, trace);
      if (hooks.keepTraces) traces[position] = trace;
      if (trace.stopReason === 'error' && trace.error)
        error = { ...where, message: trace.error.message, code: trace.error.code };
    } catch (thrown) {
      if (stop.signal.aborted) return false;
      row = failedRunRow(job);
      error = { ...where, message: messageOf(thrown) };
    }
    // From here to the report, no await: the count and the latest row belong together.
    rows[position] = row;
    if (error) errors[position] = error;
    outcomes.push(error);
    done += 1;
    const reason = note ? null : (hooks.stopWhen?.(outcomes, jobs.length) ?? null);
    if (reason) {
      note = reason;
      stop.abort();
    }
    const report = due() || done === jobs.length;
    if (report) hooks.onProgress(done, jobs.length, row);
    return report;
  };

  const lane = async (): Promise<void> => {
    while (next < jobs.length && !stop.signal.aborted && !hooks.cancelled()) {
      const position = next;
      next += 1;
      const reported = await runJob(jobs[position]!, position);
      if (reported) await hooks.pause?.();
    }
  };

  const width = Math.min(clampConcurrency(hooks.concurrency), Math.max(1, jobs.length));
  try {
    await Promise.all(Array.from({ length: width }, lane));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  const finishedRows = rows.filter((row): row is EvalRunRow => row !== undefined);
  const finishedTraces = traces.filter((_trace, position) => rows[position] !== undefined);
  const finishedErrors = errors.filter((error): error is EvalRunError => error !== undefined);
  const status: EvalEndStatus = note
    ? 'stopped'
    : (hooks.cancelled() || signal?.aborted) && finishedRows.length < jobs.length
      ? 'cancelled'
      : 'done';
  return {
    status,
    rows: finishedRows,
    errors: finishedErrors,
    ...(note ? { note } : {}),
    ...(hooks.keepTraces ? { traces: finishedTraces } : {}),
  };
}

export interface EvalLoopOptions {
  /** The scenarios a request's ids name (the built-ins in the worker). */
  readonly scenarios: readonly Scenario[];
  /** A turn of the event loop, so a cancel posted during a run is read before the next one. */
  readonly pause: () => Promise<void>;
  /** Fetch, timers and clock for runs on an endpoint; without them such a request fails. */
  readonly endpointIo?: EndpointIo;
  /** The clock progress is throttled by (ms); without one, progress goes out after every run. */
  readonly now?: () => number;
  /** Writes kept runs to the library (the worker's IndexedDB); without it the traces go to the page. */
  readonly keepRuns?: KeepRuns;
}

/** Progress after every run on an endpoint: each one takes real time. */
const ENDPOINT_PROGRESS_MS = 0;

/**
 * The worker's message loop, without the worker: give it each request; it posts progress, the
 * end (the rows, or the rows so far after a cancel or an early stop, and the matrix built from
 * them: `eval-end.ts`) or a failure through `post`.
 * A cancel aborts the runs in flight. The request's API key is never posted back: error
 * messages are scrubbed of it, and rows carry no text from the endpoint.
 */
export function createEvalLoop(
  post: (message: EvalWorkerResponse) => void,
  { scenarios, pause, endpointIo, now, keepRuns }: EvalLoopOptions,
): (message: EvalWorkerRequest) => void {
  const running = new Map<number, AbortController>();
  const cancelled = new Set<number>();
  const run = async (message: Extract<EvalWorkerRequest, { type: 'run' }>) => {
    const { runId, request } = message;
    const { endpoint } = request;
    const scrub = (text: string) => withoutKey(text, endpoint?.apiKey);
    // A key an endpoint echoed into a reply or an error never leaves the worker in a trace.
    const scrubTrace = (trace: Trace | null): Trace | null => {
      const text = trace && endpoint?.apiKey ? JSON.stringify(trace) : null;
      return text?.includes(endpoint!.apiKey!) ? (JSON.parse(scrub(text)) as Trace) : trace;
    };
    const controller = new AbortController();
    running.set(runId, controller);
    if (cancelled.has(runId)) controller.abort();
    try {
      if (endpoint && !endpointIo)
        throw new Error('This eval worker cannot reach endpoints (no fetch here).');
      const jobs = requestJobs(request, scenarios);
      const result = await runEvalJobs(jobs, {
        ...(now ? { now } : {}),
        progressMs: endpoint ? ENDPOINT_PROGRESS_MS : PROGRESS_INTERVAL_MS,
        onProgress: (done, total, latest) => post({ type: 'progress', runId, done, total, latest }),
        cancelled: () => cancelled.has(runId),
        pause,
        signal: controller.signal,
        keepTraces: request.keepTraces === true,
        ...(endpoint && endpointIo
          ? {
              runOptions: () => endpointRunOptions(endpoint, endpointIo),
              concurrency: clampConcurrency(request.concurrency),
              stopWhen: earlyStop,
            }
          : {}),
      });
      const ending = endMessages({
        runId,
        status: result.status,
        total: jobs.length,
        rows: result.rows,
        errors: result.errors.map((error) => ({ ...error, message: scrub(error.message) })),
        ...(result.note ? { note: result.note } : {}),
        ...(result.traces ? { traced: result.traces.map((trace) => trace !== null) } : {}),
        ...(request.keepAs !== undefined ? { keepAs: request.keepAs } : {}),
        scenarios,
        configLabels: request.configLabels,
      });
      for (const part of ending) post(part);
      const { keepAs, keepIn } = request;
      const traces = (result.traces ?? []).map(scrubTrace);
      await keepTraces(
        { runId, keepAs, keepIn, rows: result.rows, traces, scenarios },
        post,
        keepRuns,
      );
    } catch (error) {
      post({ type: 'failed', runId, message: scrub(messageOf(error)) });
    } finally {
      running.delete(runId);
      cancelled.delete(runId);
    }
  };
  return (message) => {
    if (message.type === 'cancel') {
      cancelled.add(message.runId);
      running.get(message.runId)?.abort();
    } else void run(message);
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
