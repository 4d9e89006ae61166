import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import type {
  EvalEndpoint,
  EvalWorkerFactory,
  EvalWorkerRequest,
  EvalWorkerResponse,
} from '../workers/eval-protocol';
import { summarise } from '../projections/eval-matrix';
import { inProcessEvalWorker } from '../workers/eval-runner';
import {
  BUILTIN_MODELS,
  createEvalStore,
  EVAL_SELECTION_KEY,
  MAX_EVAL_SEEDS,
  readStoredSelection,
  selectionRuns,
} from './eval-store';
import { createMemoryStorage } from './memory-storage';

const SCENARIOS = builtinScenarios();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The real worker's loop, in-process; it counts the workers made and records what was posted.
 * Its clock moves 10 ms each time progress reads it (once per finished run): with progress at
 * most every 50 ms, runs 1, 6, 11, … and the last one report.
 */
function fakeWorker() {
  const made = { count: 0, posted: [] as EvalWorkerRequest[], terminated: 0 };
  // While `hold` is set, a matrix stops after its first reported rows and waits there (until
  // `release`, or a dispose), so a test can look at a matrix in the middle however fast the
  // machine runs it.
  const held: (() => void)[] = [];
  const control = {
    hold: false,
    release: () => {
      control.hold = false;
      for (const resume of held.splice(0)) resume();
    },
  };
  let time = 0;
  const pause = () => (control.hold ? new Promise<void>((resume) => held.push(resume)) : turn());
  const inner = inProcessEvalWorker({ scenarios: SCENARIOS, pause, now: () => (time += 10) });
  const factory: EvalWorkerFactory = (onMessage, onError) => {
    made.count++;
    const worker = inner(onMessage, onError);
    return {
      post: (message) => {
        made.posted.push(message);
        worker.post(message);
      },
      terminate: () => {
        made.terminated++;
        worker.terminate();
      },
    };
  };
  return { made, factory, control };
}

const until = async (check: () => boolean) => {
  await expect.poll(check, { timeout: 10_000 }).toBe(true);
};

describe('the selection', () => {
  it('starts as `loop eval` does: every built-in, the four default configs, one seed', () => {
    const store = createEvalStore({ scenarios: SCENARIOS, createWorker: fakeWorker().factory });
    const { selection, status } = store.getState();
    expect(status).toBe('idle');
    expect(selection.scenarioIds).toEqual(SCENARIOS.map((s) => s.id));
    expect(selection.configLabels).toEqual([
      'react+off',
      'react+fixed',
      'react+adaptive',
      'reflact+adaptive',
    ]);
    expect(selection.seeds).toBe(1);
    expect(selectionRuns(selection, SCENARIOS)).toBe(SCENARIOS.length * 4);
  });

  it('picks scenarios one by one or by tag, in suite order; configs in preset order', () => {
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: fakeWorker().factory,
      initial: { scenarioIds: [], configLabels: [] },
    });
    const state = () => store.getState();
    state().actions.toggleScenario('shopops-happy');
    state().actions.selectTag('stalling', true);
    expect(state().selection.scenarioIds).toEqual([
      'rca-search-stall',
      'rca-queue-stall',
      'rca-nightly-503-stall',
      'shopops-happy',
    ]);
    state().actions.selectTag('rca', false);
    expect(state().selection.scenarioIds).toEqual(['shopops-happy']);
    state().actions.toggleScenario('shopops-happy');
    expect(state().selection.scenarioIds).toEqual([]);

    state().actions.toggleConfig('reflact+adaptive');
    state().actions.toggleConfig('act+off');
    state().actions.toggleConfig('no-such-config');
    expect(state().selection.configLabels).toEqual(['act+off', 'reflact+adaptive']);
    state().actions.toggleConfig('act+off');
    expect(state().selection.configLabels).toEqual(['reflact+adaptive']);
  });

  it('clamps seeds to 1..MAX_EVAL_SEEDS', () => {
    const store = createEvalStore({ scenarios: SCENARIOS, createWorker: fakeWorker().factory });
    store.getState().actions.setSeeds(0);
    expect(store.getState().selection.seeds).toBe(1);
    store.getState().actions.setSeeds(2.7);
    expect(store.getState().selection.seeds).toBe(2);
    store.getState().actions.setSeeds(10_000);
    expect(store.getState().selection.seeds).toBe(MAX_EVAL_SEEDS);
    store.getState().actions.setSeeds(Number.NaN);
    expect(store.getState().selection.seeds).toBe(1);
  });
});

describe('running a matrix', () => {
  it('runs, reports progress, and ends with every row', async () => {
    const { made, factory } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      initial: { scenarioIds: ['rca-search-stall', 'shopops-happy'], seeds: 2 },
    });
    const progress: number[] = [];
    store.subscribe((state, previous) => {
      if (state.done !== previous.done) progress.push(state.done);
    });
    store.getState().actions.run();
    expect(store.getState()).toMatchObject({ status: 'running', done: 0, total: 16 });
    await until(() => store.getState().status === 'done');
    const state = store.getState();
    expect(state.rows).toHaveLength(16);
    expect(state.done).toBe(16);
    expect(state.errors).toEqual([]);
    expect(state.ran?.scenarioIds).toEqual(['rca-search-stall', 'shopops-happy']);
    expect(progress).toEqual([1, 6, 11, 16]);
    expect(state.latest?.scenario).toBe('shopops-happy');
    expect(made.count).toBe(1);

    // A second run reuses the worker.
    store.getState().actions.run();
    await until(() => store.getState().status === 'done');
    expect(made.count).toBe(1);
  });

  it('ignores Run while a matrix runs, and when nothing is selected', async () => {
    const { made, factory } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      initial: { scenarioIds: [] },
    });
    store.getState().actions.run();
    expect(store.getState().status).toBe('idle');
    expect(made.count).toBe(0);
    store.getState().actions.setScenarios(['shopops-happy']);
    store.getState().actions.run();
    store.getState().actions.run();
    expect(made.posted.filter((m) => m.type === 'run')).toHaveLength(1);
    await until(() => store.getState().status === 'done');
  });

  it('cancels between runs: the rows that finished come back', async () => {
    const { made, factory } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      initial: { seeds: 20 },
    });
    store.getState().actions.run();
    const total = store.getState().total;
    expect(total).toBe(SCENARIOS.length * 4 * 20);
    await until(() => store.getState().done >= 10);
    store.getState().actions.cancel();
    expect(store.getState().cancelling).toBe(true);
    await until(() => store.getState().status === 'cancelled');
    const state = store.getState();
    expect(state.cancelling).toBe(false);
    expect(state.rows.length).toBeGreaterThanOrEqual(10);
    expect(state.rows.length).toBeLessThan(total);
    expect(state.done).toBe(state.rows.length);
    expect(made.posted.map((m) => m.type)).toEqual(['run', 'cancel']);
  });

  it('reset drops the rows; answers from the run it replaced are ignored', async () => {
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: fakeWorker().factory,
      initial: { seeds: 10 },
    });
    store.getState().actions.run();
    store.getState().actions.reset();
    expect(store.getState()).toMatchObject({ status: 'idle', rows: [], done: 0, total: 0 });
    await turn();
    await turn();
    expect(store.getState().status).toBe('idle');
  });

  it('a worker that fails ends the matrix with the error, and the next run makes a new worker', async () => {
    let made = 0;
    let report: (message: string) => void = () => {};
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: (_onMessage, onError) => {
        made++;
        report = onError;
        return { post: () => {}, terminate: () => {} };
      },
    });
    store.getState().actions.run();
    report('Uncaught SyntaxError in the worker');
    expect(store.getState()).toMatchObject({
      status: 'done',
      errors: [{ scenario: null, message: 'Uncaught SyntaxError in the worker' }],
    });
    store.getState().actions.run();
    expect(made).toBe(2);
  });

  it('a worker that cannot be made ends the matrix with the reason', () => {
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: () => {
        throw new Error('Workers are disabled');
      },
    });
    store.getState().actions.run();
    expect(store.getState()).toMatchObject({
      status: 'done',
      errors: [{ message: 'Workers are disabled' }],
    });
  });

  it('prepare makes the worker before the first run, once; the run uses it', async () => {
    const { made, factory } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      initial: { scenarioIds: ['shopops-happy'] },
    });
    store.getState().actions.prepare();
    store.getState().actions.prepare();
    expect(made.count).toBe(1);
    expect(made.posted).toEqual([]);
    expect(store.getState().status).toBe('idle');
    store.getState().actions.run();
    await until(() => store.getState().status === 'done');
    expect(made.count).toBe(1);
    expect(store.getState().rows).toHaveLength(4);
    // Its owner ends the worker, and a view opens again: a new worker.
    store.getState().actions.dispose();
    store.getState().actions.prepare();
    expect(made).toMatchObject({ count: 2, terminated: 1 });
  });

  it('a prepared worker that fails before any run is dropped quietly; the next run makes a new one', async () => {
    const { made, factory } = fakeWorker();
    let report: (message: string) => void = () => {};
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: (onMessage, onError) => {
        report = onError;
        return factory(onMessage, onError);
      },
      initial: { scenarioIds: ['shopops-happy'] },
    });
    store.getState().actions.prepare();
    report('The worker script did not load');
    expect(store.getState()).toMatchObject({ status: 'idle', errors: [] });
    expect(made.terminated).toBe(1);
    store.getState().actions.run();
    expect(made.count).toBe(2);
    await until(() => store.getState().status === 'done');
    expect(store.getState().errors).toEqual([]);
  });

  it('a worker that cannot be made when the view opens is made by Run, which says why it cannot', () => {
    let attempts = 0;
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: () => {
        attempts++;
        throw new Error('Workers are disabled');
      },
    });
    store.getState().actions.prepare();
    expect(store.getState()).toMatchObject({ status: 'idle', errors: [] });
    store.getState().actions.run();
    expect(attempts).toBe(2);
    expect(store.getState()).toMatchObject({
      status: 'done',
      errors: [{ message: 'Workers are disabled' }],
    });
  });

  it('dispose ends the worker', async () => {
    const { made, factory } = fakeWorker();
    const store = createEvalStore({ scenarios: SCENARIOS, createWorker: factory });
    store.getState().actions.run();
    store.getState().actions.dispose();
    expect(made.terminated).toBe(1);
    expect(store.getState().status).toBe('cancelled');
  });
});

describe('a store that outlives its view', () => {
  it('keeps running through a view unmount, with its progress and rows; a view that opens again finds them', async () => {
    const { made, factory, control } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      initial: { scenarioIds: ['rca-search-stall', 'shopops-happy'], seeds: 3 },
    });
    // A view opens: it warms the worker up and subscribes to what it shows.
    store.getState().actions.prepare();
    const stopShowing = store.subscribe(() => {});
    control.hold = true;
    store.getState().actions.run();
    await until(() => store.getState().done >= 1);
    // The view unmounts: its subscriptions end. Nothing else reaches the store.
    stopShowing();
    expect(store.getState()).toMatchObject({ status: 'running', total: 24 });
    expect(store.getState().done).toBeGreaterThanOrEqual(1);

    // Another view opens while the matrix runs: the same worker goes on.
    store.getState().actions.prepare();
    control.release();
    await until(() => store.getState().status === 'done');
    const state = store.getState();
    expect(state).toMatchObject({ done: 24, total: 24, errors: [] });
    expect(state.rows).toHaveLength(24);
    expect(state.ran?.scenarioIds).toEqual(['rca-search-stall', 'shopops-happy']);
    expect(made).toMatchObject({ count: 1, terminated: 0 });
    await turn();
    expect(store.getState().rows).toBe(state.rows);
  });

  it('nothing but dispose ends its worker', async () => {
    const { made, factory, control } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      initial: { scenarioIds: ['shopops-happy'] },
    });
    const actions = store.getState().actions;
    // Every other action, in an order that runs a matrix, cancels one and resets one.
    const others: Record<Exclude<keyof typeof actions, 'dispose'>, () => void> = {
      prepare: () => actions.prepare(),
      toggleScenario: () => actions.toggleScenario('rca-search-stall'),
      setScenarios: () => actions.setScenarios(['shopops-happy', 'rca-search-stall']),
      selectTag: () => actions.selectTag('stalling', true),
      toggleConfig: () => actions.toggleConfig('act+off'),
      setConfigs: () => actions.setConfigs(['react+off', 'reflact+adaptive']),
      setSeeds: () => actions.setSeeds(5),
      setModel: () => actions.setModel(BUILTIN_MODELS),
      setConcurrency: () => actions.setConcurrency(3),
      run: () => actions.run(),
      cancel: () => actions.cancel(),
      reset: () => actions.reset(),
      load: () => void actions.load(),
      clearKept: () => void actions.clearKept(),
    };
    for (const act of Object.values(others)) act();
    actions.run();
    for (const act of Object.values(others)) act();
    await until(() => store.getState().status === 'idle');
    control.hold = true;
    actions.run();
    await until(() => store.getState().done >= 1);
    expect(made).toMatchObject({ count: 1, terminated: 0 });
    expect(store.getState().status).toBe('running');

    actions.dispose();
    expect(made).toMatchObject({ count: 1, terminated: 1 });
    expect(store.getState().status).toBe('cancelled');
    const stopped = store.getState();
    await turn();
    expect(store.getState()).toBe(stopped);
  });
});

describe('the selection across reloads', () => {
  it('is kept in storage and read back, ordered and clamped; what is not a selection is ignored', () => {
    const storage = createMemoryStorage();
    const first = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: fakeWorker().factory,
      storage,
    });
    first.getState().actions.setScenarios(['shopops-happy', 'rca-search-stall']);
    first.getState().actions.toggleConfig('reflact+fixed');
    first.getState().actions.setSeeds(7);
    const again = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: fakeWorker().factory,
      storage,
    });
    expect(again.getState().selection).toEqual(first.getState().selection);
    expect(again.getState().selection.scenarioIds).toEqual(['rca-search-stall', 'shopops-happy']);

    storage.setItem(
      EVAL_SELECTION_KEY,
      JSON.stringify({ scenarioIds: 'all', configLabels: ['react+off', 'nope'], seeds: 1e6 }),
    );
    const odd = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: fakeWorker().factory,
      storage,
    });
    expect(odd.getState().selection.scenarioIds).toHaveLength(SCENARIOS.length);
    expect(odd.getState().selection.configLabels).toEqual(['react+off']);
    expect(odd.getState().selection.seeds).toBe(MAX_EVAL_SEEDS);
    expect(readStoredSelection('{not json')).toEqual({});
  });
});

describe('saved settings as columns', () => {
  const saved = [
    { label: 'cadence 2', overrides: { reflection: { gating: 'fixed', interval: 2 } } },
    { label: 'reflact off', overrides: { mode: 'reflact', reflection: { gating: 'off' } } },
  ] as const;

  it('come after the presets, run under their own settings, and name their column', async () => {
    const { made, factory } = fakeWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: factory,
      savedConfigs: () => saved,
      initial: { scenarioIds: ['rca-checkout-latency'], configLabels: ['react+fixed'] },
    });
    store.getState().actions.toggleConfig('cadence 2');
    store.getState().actions.toggleConfig('no such settings');
    expect(store.getState().selection.configLabels).toEqual(['react+fixed', 'cadence 2']);
    store.getState().actions.run();
    await until(() => store.getState().status === 'done');
    const request = made.posted.find((message) => message.type === 'run');
    expect(request?.type === 'run' && request.request.savedConfigs).toEqual([saved[0]]);
    const rows = store.getState().rows;
    expect(rows.map((row) => [row.label, row.config.reflection.interval])).toEqual([
      ['react+fixed', 3],
      ['cadence 2', 2],
    ]);
    // A fixed cadence of 2 reflects sooner than the default of 3.
    expect(rows[1]!.metrics.reflections).toBeGreaterThanOrEqual(rows[0]!.metrics.reflections);
  });
});

describe('on an endpoint', () => {
  const KEY = 'sk-store-test-secret';
  const ENDPOINT: EvalEndpoint = {
    name: 'Local llama',
    baseUrl: 'http://127.0.0.1:8080/v1',
    model: 'qwen2.5:7b',
    apiKey: KEY,
    protocol: 'text',
    includeUsage: true,
    stream: true,
  };
  const SCRIPTED = SCENARIOS.filter((s) => s.model.kind === 'scripted').length;

  /** A worker that records what it was sent and answers when the test says. */
  function manualWorker() {
    const posted: EvalWorkerRequest[] = [];
    let answer: (message: EvalWorkerResponse) => void = () => {};
    const factory: EvalWorkerFactory = (onMessage) => {
      answer = onMessage;
      return { post: (message) => posted.push(message), terminate: () => {} };
    };
    return { posted, factory, answer: (message: EvalWorkerResponse) => answer(message) };
  }

  it('starts on the built-in models, two at a time when an endpoint is picked', () => {
    const store = createEvalStore({ scenarios: SCENARIOS, createWorker: fakeWorker().factory });
    expect(store.getState().selection).toMatchObject({ modelId: BUILTIN_MODELS, concurrency: 2 });
    store.getState().actions.setModel('endpoint-1');
    store.getState().actions.setConcurrency(20);
    expect(store.getState().selection).toMatchObject({ modelId: 'endpoint-1', concurrency: 8 });
    store.getState().actions.setConcurrency(0);
    expect(store.getState().selection.concurrency).toBe(1);
    store.getState().actions.setConcurrency(Number.NaN);
    expect(store.getState().selection.concurrency).toBe(2);
  });

  it('counts no runs for the scripted replays', () => {
    const { selection } = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: fakeWorker().factory,
    }).getState();
    expect(selectionRuns(selection, SCENARIOS, true)).toBe((SCENARIOS.length - SCRIPTED) * 4);
  });

  it('sends the endpoint and the concurrency in the run message; the state keeps its name and model, never the key', () => {
    const worker = manualWorker();
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: worker.factory,
      initial: { modelId: 'endpoint-1', concurrency: 3 },
    });
    store.getState().actions.run(ENDPOINT);
    expect(worker.posted[0]).toMatchObject({
      type: 'run',
      request: { endpoint: ENDPOINT, concurrency: 3, seeds: 1 },
    });
    const state = store.getState();
    expect(state).toMatchObject({
      status: 'running',
      total: (SCENARIOS.length - SCRIPTED) * 4,
      ranOn: { name: 'Local llama', model: 'qwen2.5:7b' },
    });
    expect(JSON.stringify(state)).not.toContain(KEY);
    expect(JSON.stringify(state)).not.toContain(ENDPOINT.baseUrl);
  });

  it('a matrix the worker stopped early ends `stopped`, with its note', () => {
    const worker = manualWorker();
    const store = createEvalStore({ scenarios: SCENARIOS, createWorker: worker.factory });
    store.getState().actions.run(ENDPOINT);
    const note = 'The first 2 runs all failed with the same error (http_401).';
    worker.answer({
      type: 'end',
      runId: 1,
      status: 'stopped',
      done: 0,
      total: 36,
      matrix: { configs: [], columns: [], total: summarise([]) },
      verdicts: [],
      errors: [{ scenario: 'x', label: 'react+off', seed: 1, message: '401', code: 'http_401' }],
      note,
    });
    expect(store.getState()).toMatchObject({ status: 'stopped', note });
    store.getState().actions.run();
    expect(store.getState()).toMatchObject({ status: 'running', note: null, ranOn: null });
    expect(worker.posted[1]).toMatchObject({ type: 'run' });
    expect(worker.posted[1]).not.toHaveProperty('request.endpoint');
  });
});
