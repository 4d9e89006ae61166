import { describe, expect, it } from 'vitest';
import { ModelError, type ModelAdapter } from '../engine';
import { evalJson } from '../projections/eval-matrix';
import { builtinScenarios } from '../scenarios';
import type { EvalRunError } from './eval-protocol';
import { earlyStop } from './eval-endpoint';
import { clampConcurrency, requestJobs, runEvalJobs } from './eval-runner';

const SCENARIOS = builtinScenarios();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Two simulated scenarios × two configs × two seeds: 8 runs. */
const JOBS = requestJobs(
  {
    scenarioIds: ['rca-checkout-latency', 'rca-search-stall'],
    configLabels: ['react+off', 'react+adaptive'],
    seeds: 2,
  },
  SCENARIOS,
);

/**
 * A model that answers at once with a final answer, after `waitTurns(call)` turns of the event
 * loop; it records how many calls are in flight and the most there ever were.
 */
function fakeModel(waitTurns: (call: number) => number = () => 1) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0, aborted: 0 };
  const model: ModelAdapter = {
    name: 'fake',
    async *stream(_request, { signal }) {
      const call = stats.calls++;
      stats.inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
      try {
        for (let i = 0; i < waitTurns(call); i++) await turn();
        yield { type: 'text-delta', text: 'Thought: I know it.\nFinal Answer: the deploy.' };
        yield { type: 'finish', finishReason: 'stop', usage: null };
      } finally {
        stats.inFlight--;
        if (signal?.aborted) stats.aborted++;
      }
    },
  };
  return { model, stats };
}

/** A model whose every call yields nothing and fails the way `fail` rejects. */
function failingModel(name: string, fail: (signal?: AbortSignal) => Promise<never>): ModelAdapter {
  return {
    name,
    stream: (_request, { signal }) => ({
      [Symbol.asyncIterator]: () => ({ next: () => fail(signal) }),
    }),
  };
}

/** A model that holds every call until its signal aborts (a server that never answers). */
function hangingModel() {
  const stats = { started: 0, aborted: 0 };
  const model = failingModel('hanging', async (signal) => {
    stats.started++;
    await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
    stats.aborted++;
    throw new ModelError('model_failed', 'aborted');
  });
  return { model, stats };
}

const quiet = { onProgress: () => {}, cancelled: () => false };

describe('the pool', () => {
  it('never has more runs in flight than the concurrency', async () => {
    for (const concurrency of [1, 3]) {
      const { model, stats } = fakeModel(() => 3);
      const result = await runEvalJobs(JOBS, {
        ...quiet,
        concurrency,
        runOptions: () => ({ model }),
      });
      expect(result.rows).toHaveLength(8);
      expect(stats.maxInFlight).toBe(concurrency);
    }
  });

  it('keeps the rows in job order whatever order the runs finish in', async () => {
    // Later calls answer sooner: with 4 at once, the runs finish out of order.
    const { model } = fakeModel((call) => 20 - call * 2);
    const pooled = await runEvalJobs(JOBS, {
      ...quiet,
      concurrency: 4,
      runOptions: () => ({ model }),
    });
    const serial = await runEvalJobs(JOBS, {
      ...quiet,
      concurrency: 1,
      runOptions: () => ({ model: fakeModel().model }),
    });
    expect(pooled.rows.map((row) => `${row.scenario} ${row.label} ${row.config.seed}`)).toEqual(
      JOBS.map((job) => `${job.scenario.id} ${job.label} ${job.config.seed}`),
    );
    expect(evalJson(pooled.rows)).toBe(evalJson(serial.rows));
  });

  it('counts finished runs in its progress, and reports the last one at the end', async () => {
    const { model } = fakeModel((call) => (call % 2 ? 1 : 4));
    const reports: number[] = [];
    await runEvalJobs(JOBS, {
      // As on an endpoint: a report after every run, whatever the clock says.
      now: () => 0,
      progressMs: 0,
      onProgress: (done) => reports.push(done),
      cancelled: () => false,
      concurrency: 2,
      runOptions: () => ({ model }),
    });
    expect(reports).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a cancel mid-way aborts the runs in flight, starts no more and keeps the finished rows', async () => {
    const hanging = hangingModel();
    const quick = fakeModel();
    const controller = new AbortController();
    let cancelled = false;
    // The first two runs answer; from the third on, every run hangs until aborted.
    let started = 0;
    const pending = runEvalJobs(JOBS, {
      ...quiet,
      cancelled: () => cancelled,
      concurrency: 2,
      signal: controller.signal,
      runOptions: () => ({ model: started++ < 2 ? quick.model : hanging.model }),
    });
    await expect.poll(() => hanging.stats.started).toBe(2);
    cancelled = true;
    controller.abort();
    const result = await pending;
    expect(result.status).toBe('cancelled');
    expect(result.rows).toHaveLength(2);
    expect(result.errors).toEqual([]);
    expect(hanging.stats.aborted).toBe(2);
    expect(started).toBe(4);
  });

  it('turns model errors into error rows and error entries, in job order, and goes on', async () => {
    const failing = failingModel('failing', async () => {
      throw new ModelError('http_503', 'The server answered 503 Service Unavailable.');
    });
    const { model } = fakeModel();
    const result = await runEvalJobs(JOBS, {
      ...quiet,
      concurrency: 3,
      runOptions: (job) => ({ model: job.scenario.id === 'rca-search-stall' ? failing : model }),
    });
    expect(result.status).toBe('done');
    expect(result.rows.map((row) => row.stopReason)).toEqual([
      ...Array<string>(4).fill('answer'),
      ...Array<string>(4).fill('error'),
    ]);
    expect(result.errors.map((error) => [error.label, error.seed, error.code])).toEqual([
      ['react+off', 1, 'http_503'],
      ['react+off', 2, 'http_503'],
      ['react+adaptive', 1, 'http_503'],
      ['react+adaptive', 2, 'http_503'],
    ]);
    expect(result.errors[0]).toMatchObject({
      scenario: 'rca-search-stall',
      message: 'The server answered 503 Service Unavailable.',
    });
  });

  it('stops early when the first runs all fail alike, aborting the runs in flight', async () => {
    let calls = 0;
    const unauthorised = failingModel('unauthorised', async () => {
      calls++;
      await turn();
      throw new ModelError('http_401', 'The server answered 401 Unauthorized: check the API key.');
    });
    const result = await runEvalJobs(JOBS, {
      ...quiet,
      concurrency: 2,
      stopWhen: earlyStop,
      runOptions: () => ({ model: unauthorised }),
    });
    expect(result.status).toBe('stopped');
    expect(result.rows).toHaveLength(2);
    expect(result.errors.every((error) => error.code === 'http_401')).toBe(true);
    expect(result.note).toBe(
      'The first 2 runs all failed with the same error (http_401), so the other 6 were not run. Fix what the error says, then run the matrix again.',
    );
    // The third run started when the first failed and was aborted by the stop; none after it.
    expect(calls).toBe(3);
  });
});

describe('the early stop', () => {
  const failure = (code: string): EvalRunError => ({
    scenario: 's',
    label: 'react+off',
    seed: 1,
    message: code,
    code,
  });

  it('waits for two failures, and only stops for errors every run would meet', () => {
    expect(earlyStop([failure('http_401')], 10)).toBeNull();
    expect(earlyStop([failure('network'), failure('network')], 10)).toMatch(/\(network\)/);
    expect(earlyStop([failure('http_503'), failure('http_503')], 10)).toBeNull();
    expect(earlyStop([failure('stream_idle'), failure('stream_idle')], 10)).toBeNull();
  });

  it('never stops once a run succeeded, or when the failures differ', () => {
    expect(earlyStop([null, failure('http_401'), failure('http_401')], 10)).toBeNull();
    expect(earlyStop([failure('http_401'), failure('http_404')], 10)).toBeNull();
  });

  it('does not stop a matrix with no runs left to send', () => {
    expect(earlyStop([failure('http_404'), failure('http_404')], 2)).toBeNull();
  });
});

describe('the concurrency', () => {
  it('is a whole number from 1 to 8', () => {
    expect([0, 1, 2.9, 8, 50, Number.NaN, undefined].map(clampConcurrency)).toEqual([
      1, 1, 2, 8, 8, 1, 1,
    ]);
  });
});
