import { describe, expect, it } from 'vitest';
import { runEval } from '../cli/eval';
import {
  buildEvalMatrix,
  evalJson,
  evalPresets,
  evalVerdicts,
  DEFAULT_EVAL_CONFIGS,
  DEFAULT_EVAL_LABELS,
} from '../projections/eval-matrix';
import { builtinScenarios, findBuiltin } from '../scenarios';
import { collectEnd, type EvalWorkerResponse } from './eval-protocol';
import {
  createEvalLoop,
  inProcessEvalWorker,
  requestJobs,
  runEvalJobs,
  TRACE_BATCH,
} from './eval-runner';

const SCENARIOS = builtinScenarios();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Run `runId`'s end as the page gathers it from the rows, cells and end messages. */
function gathered(posted: readonly EvalWorkerResponse[], runId: number) {
  const gather = collectEnd();
  for (const message of posted) {
    const end = message.runId === runId ? gather(message) : null;
    if (end) return end;
  }
  throw new Error(`no end for run ${runId}`);
}
/** A clock that moves `step` ms each time it is read (progress reads it once per finished run). */
const steppingClock = (step: number) => {
  let time = 0;
  return () => (time += step);
};

describe('the jobs of a request', () => {
  it('keep suite order and preset order whatever order the request lists them in', () => {
    const jobs = requestJobs(
      {
        scenarioIds: ['shopops-happy', 'rca-search-stall', 'no-such-scenario'],
        configLabels: ['reflact+adaptive', 'react+off', 'no-such-config'],
        seeds: 1,
      },
      SCENARIOS,
    );
    expect(jobs.map((job) => `${job.scenario.id} ${job.label}`)).toEqual([
      'rca-search-stall react+off',
      'rca-search-stall reflact+adaptive',
      'shopops-happy react+off',
      'shopops-happy reflact+adaptive',
    ]);
  });

  it('give the same rows as `loop eval` (its job list and row come from the same functions)', async () => {
    const seeds = 2;
    const cli = await runEval(SCENARIOS, DEFAULT_EVAL_CONFIGS, {}, { seeds });
    const jobs = requestJobs(
      { scenarioIds: SCENARIOS.map((s) => s.id), configLabels: DEFAULT_EVAL_LABELS, seeds },
      SCENARIOS,
    );
    const worker = await runEvalJobs(jobs, { onProgress: () => {}, cancelled: () => false });
    expect(worker.status).toBe('done');
    expect(worker.rows).toHaveLength(SCENARIOS.length * 4 * seeds);
    expect(evalJson(worker.rows)).toBe(evalJson(cli));
  });
  it('give the same rows as `loop eval` with attempts, history scope and reward source as columns', async () => {
    const labels = [
      'react+off',
      'react×3',
      'react×3+cross_task',
      'react×3+judge',
      'react×3+no_check',
    ];
    const triage = SCENARIOS.filter((scenario) => scenario.id === 'triage-priority-retry');
    const cli = await runEval(triage, evalPresets(labels), {}, { seeds: 1 });
    const jobs = requestJobs(
      { scenarioIds: ['triage-priority-retry'], configLabels: labels, seeds: 1 },
      SCENARIOS,
    );
    const worker = await runEvalJobs(jobs, { onProgress: () => {}, cancelled: () => false });
    expect(worker.rows.map((row) => [row.label, row.metrics.attempts, row.correct])).toEqual([
      ['react+off', 1, false],
      ['react×3', 2, true],
      ['react×3+cross_task', 2, true],
      ['react×3+judge', 2, true],
      ['react×3+no_check', 3, true],
    ]);
    expect(evalJson(worker.rows)).toBe(evalJson(cli));
  });
});

describe('traces for the page to keep', () => {
  const request = {
    scenarioIds: ['shopops-happy', 'rca-search-stall'],
    configLabels: ['react+off', 'reflact+adaptive'],
    seeds: 1,
  };

  it('come after the rows, in batches, only when asked for, each the run its row sums up', async () => {
    const posted: EvalWorkerResponse[] = [];
    const handle = createEvalLoop((message) => posted.push(message), {
      scenarios: SCENARIOS,
      pause: turn,
    });
    const many = { ...request, seeds: 15 }; // 60 runs: several batches
    handle({ type: 'run', runId: 1, request: many });
    handle({ type: 'run', runId: 2, request: { ...many, keepTraces: true } });
    await expect
      .poll(() => posted.filter((m) => m.type === 'end').length, { timeout: 30_000 })
      .toBe(2); // a ceiling for a busy machine, not a time the runs should take
    const without = gathered(posted, 1);
    const withTraces = gathered(posted, 2);
    expect(without).not.toHaveProperty('traced');
    expect(withTraces.rows).toEqual(without.rows);
    expect(withTraces.traced).toEqual(withTraces.rows.map(() => true));
    const batches = posted.filter((m) => m.type === 'traces');
    expect(batches.every((batch) => batch.runId === 2)).toBe(true);
    const starts = Array.from({ length: Math.ceil(60 / TRACE_BATCH) }, (_, k) => k * TRACE_BATCH);
    expect(batches.map((batch) => [batch.from, batch.traces.length])).toEqual(
      starts.map((from) => [from, Math.min(TRACE_BATCH, 60 - from)]),
    );
    // Each batch after the rows it belongs to.
    const end = posted.find((m) => m.type === 'end' && m.runId === 2)!;
    expect(posted.indexOf(batches[0]!)).toBeGreaterThan(posted.indexOf(end));
    const traces = batches.flatMap((batch) => batch.traces);
    withTraces.rows.forEach((row, position) => {
      const trace = traces[position]!;
      expect(trace.scenario).toBe(row.scenario);
      expect(trace.stopReason).toBe(row.stopReason);
      expect(trace.metrics).toEqual(row.metrics);
      expect(trace.config).toEqual(row.config);
    });
  });
});

describe('running the jobs', () => {
  const jobs = requestJobs(
    {
      scenarioIds: ['shopops-happy', 'rca-search-stall'],
      configLabels: DEFAULT_EVAL_LABELS,
      seeds: 3,
    },
    SCENARIOS,
  );

  it('reports the first run, then at most every 50 ms of its clock, and the last run, with the latest row', async () => {
    const reports: [number, number, string][] = [];
    const result = await runEvalJobs(jobs, {
      now: steppingClock(7), // run n ends at 7n ms
      onProgress: (done, total, latest) => reports.push([done, total, latest.label]),
      cancelled: () => false,
    });
    expect(jobs).toHaveLength(24);
    // 7 ms, then 63 (56 after it), 119 (56 after), and the last run at 168.
    expect(reports.map(([done]) => done)).toEqual([1, 9, 17, 24]);
    expect(reports.every(([, total]) => total === 24)).toBe(true);
    expect(reports.at(-1)?.[2]).toBe('reflact+adaptive');
    expect(result).toMatchObject({ status: 'done', errors: [] });
  });

  it('without a clock, reports after every run', async () => {
    const reports: number[] = [];
    await runEvalJobs(jobs, { onProgress: (done) => reports.push(done), cancelled: () => false });
    expect(reports).toEqual(jobs.map((_, index) => index + 1));
  });

  it('stops between runs on a cancel and keeps the rows that finished', async () => {
    let stop = false;
    const result = await runEvalJobs(jobs, {
      onProgress: (done) => {
        if (done === 8) stop = true;
      },
      cancelled: () => stop,
    });
    expect(result.status).toBe('cancelled');
    expect(result.rows).toHaveLength(8);
  });

  it('turns a run that throws into an error row and an error entry, then goes on', async () => {
    const happy = findBuiltin('shopops-happy')!;
    const broken = requestJobs(
      { scenarioIds: [happy.id], configLabels: ['react+off', 'react+fixed'], seeds: 1 },
      SCENARIOS,
    );
    let call = 0;
    const result = await runEvalJobs(broken, {
      onProgress: () => {},
      cancelled: () => false,
      // The first run forks from a step its (empty) trace does not have: runScenario throws.
      runOptions: () =>
        call++ === 0 ? { fork: { trace: { steps: [] } as never, atStep: 5 } } : {},
    });
    expect(result.rows.map((row) => row.stopReason)).toEqual(['error', 'answer']);
    expect(result.errors).toEqual([
      expect.objectContaining({ scenario: happy.id, label: 'react+off', seed: 1 }),
    ]);
  });
});

describe('the message loop', () => {
  it('posts progress at most every 50 ms of its clock, then the rows, the matrix and the end', async () => {
    const posted: EvalWorkerResponse[] = [];
    const handle = createEvalLoop((message) => posted.push(message), {
      scenarios: SCENARIOS,
      pause: turn,
      now: steppingClock(20), // run n ends at 20n ms
    });
    handle({
      type: 'run',
      runId: 3,
      request: { scenarioIds: ['shopops-happy'], configLabels: DEFAULT_EVAL_LABELS, seeds: 2 },
    });
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    expect(posted.map((m) => (m.type === 'progress' ? m.done : m.type))).toEqual([
      1,
      4,
      7,
      8,
      'rows',
      'cells',
      'end',
    ]);
    const end = posted.at(-1);
    expect(end).toMatchObject({ runId: 3, status: 'done', done: 8, total: 8 });
    expect(gathered(posted, 3).rows).toHaveLength(8);
  });

  it('a cancel posted while it runs ends it between runs', async () => {
    const posted: EvalWorkerResponse[] = [];
    const handle = createEvalLoop(
      (message) => {
        posted.push(message);
        // The cancel arrives while the second report is out, as from the page.
        if (message.type === 'progress' && message.done === 4) handle({ type: 'cancel', runId: 1 });
      },
      { scenarios: SCENARIOS, pause: turn, now: steppingClock(20) },
    );
    handle({
      type: 'run',
      runId: 1,
      request: {
        scenarioIds: SCENARIOS.map((s) => s.id),
        configLabels: DEFAULT_EVAL_LABELS,
        seeds: 5,
      },
    });
    await expect.poll(() => posted.at(-1)?.type).toBe('end');
    expect(posted.at(-1)).toMatchObject({
      status: 'cancelled',
      done: 4,
      total: SCENARIOS.length * DEFAULT_EVAL_LABELS.length * 5,
    });
  });

  it('in-process: nothing is delivered after terminate', async () => {
    const posted: EvalWorkerResponse[] = [];
    const worker = inProcessEvalWorker({ scenarios: SCENARIOS, pause: turn })(
      (message) => posted.push(message),
      () => {},
    );
    worker.post({
      type: 'run',
      runId: 1,
      request: { scenarioIds: ['shopops-happy'], configLabels: ['react+off'], seeds: 1 },
    });
    worker.terminate();
    await turn();
    await turn();
    expect(posted).toEqual([]);
  });
});

describe('the matrix the worker builds', () => {
  const request = {
    // Simulated and scripted scenarios, listed out of suite order, and a saved setting's column.
    scenarioIds: ['shopops-hostile-loop', 'rca-search-stall', 'shopops-happy', 'rca-worker-oom'],
    configLabels: ['reflact+adaptive', 'react+off', 'react+fixed', 'tight'],
    savedConfigs: [
      {
        label: 'tight',
        overrides: { mode: 'react', reflection: { gating: 'fixed', interval: 2 } },
      },
    ],
    seeds: 20,
  } as const;
  const loop = () => {
    const posted: EvalWorkerResponse[] = [];
    const handle = createEvalLoop((message) => posted.push(message), {
      scenarios: SCENARIOS,
      pause: turn,
      now: steppingClock(10),
    });
    return { posted, handle };
  };
  /** A ceiling for a busy machine (4× slower), not a time the runs should take. */
  const CEILING = { timeout: 60_000 };

  it(
    'is the matrix and the verdicts the page would build from the rows (320 runs)',
    async () => {
      const { posted, handle } = loop();
      handle({ type: 'run', runId: 1, request });
      await expect.poll(() => posted.at(-1)?.type, CEILING).toBe('end');
      const end = gathered(posted, 1);
      expect(end.rows).toHaveLength(320);
      expect(end.matrix).toEqual(buildEvalMatrix(end.rows, SCENARIOS, request.configLabels));
      expect(end.verdicts).toEqual(evalVerdicts(end.rows));
      expect(end.verdicts.length).toBeGreaterThan(0);
      // Columns in the order the request lists them (the store sends them in preset order).
      expect(end.matrix.configs).toEqual(request.configLabels);
      expect(end.matrix.rows.map((row) => row.scenario.id)).toEqual([
        'rca-worker-oom',
        'rca-search-stall',
        'shopops-happy',
        'shopops-hostile-loop',
      ]);
    },
    CEILING.timeout,
  );

  it(
    'of a cancelled matrix is the matrix of the rows that finished, with cells not run',
    async () => {
      const { posted, handle } = loop();
      handle({ type: 'run', runId: 1, request });
      await expect
        .poll(() => posted.some((m) => m.type === 'progress' && m.done > 90), CEILING)
        .toBe(true);
      handle({ type: 'cancel', runId: 1 });
      await expect.poll(() => posted.at(-1)?.type, CEILING).toBe('end');
      const end = gathered(posted, 1);
      expect(end.status).toBe('cancelled');
      expect(end.rows.length).toBeGreaterThan(90);
      expect(end.rows.length).toBeLessThan(320);
      expect(end.matrix).toEqual(buildEvalMatrix(end.rows, SCENARIOS, request.configLabels));
      expect(end.verdicts).toEqual(evalVerdicts(end.rows));
    },
    CEILING.timeout,
  );
});
