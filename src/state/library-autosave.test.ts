import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../engine';
import { builtinScenarios } from '../scenarios';
import { openRunLibrary } from '../storage';
import { createCompareStore } from './compare-store';
import { demoById } from './demos';
import { keepCompareRuns, keepPresentation, keepRuns } from './library-autosave';
import { createLibraryStore, type LibraryState, type LibraryStore } from './library-store';
import { outcomeOf } from './library-summary';
import type { RunLibraryPort } from './library-types';
import { createMemoryLibrary } from './memory-library';
import { createPresenterStore } from './presenter-store';
import { recordOf, recordOfTrace, type RunRecord } from './run-record';
import { createRunStore, type RunState, type RunStore } from './run-store';
import { traceSoFar } from './trace-so-far';

const scenarios = builtinScenarios();
const byId = (id: string) => scenarios.find((scenario) => scenario.id === id)!;

/** A scripted scenario of exactly 20 steps: 19 tool calls, then the answer. */
const happy = byId('shopops-happy');
const TWENTY_STEPS: Scenario = {
  ...happy,
  id: 'shopops-twenty-steps',
  title: 'ShopOps, looked at twenty times',
  model: {
    kind: 'scripted',
    turns: [
      ...Array.from({ length: 19 }, (_, index) =>
        index % 2 === 0
          ? 'Thought: the order again\nAction: tool:get_order case_id=O-1001'
          : 'Thought: the notes again\nAction: tool:list_order_notes case_id=O-1001',
      ),
      (happy.model as { turns: readonly string[] }).turns.at(-1)!,
    ],
  } as Scenario['model'],
};
const LONG_OVERRIDES = { maxSteps: 30, duplicates: 'off' as const, stallExit: 30 };

/** Resolves once `predicate` holds of the store's state (checked now and on every change). */
function until<T>(
  store: { getState(): T; subscribe(f: (s: T) => void): () => void },
  predicate: (state: T) => boolean,
): Promise<T> {
  return new Promise((resolve) => {
    if (predicate(store.getState())) return resolve(store.getState());
    const unsubscribe = store.subscribe((state) => {
      if (!predicate(state)) return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** Every write a port took, in order (the library behind it is a real one). */
function counted(port: RunLibraryPort) {
  const writes: RunRecord[] = [];
  const counting: RunLibraryPort = {
    ...port,
    put: (record, label) => {
      writes.push(record);
      return port.put(record, label);
    },
  };
  return { port: counting, writes };
}

const PORTS: Record<string, () => { open: () => Promise<RunLibraryPort> }> = {
  memory: () => {
    const port = createMemoryLibrary();
    return { open: async () => port };
  },
  indexeddb: () => {
    const indexedDB = new IDBFactory();
    return { open: () => openRunLibrary({ indexedDB, IDBKeyRange }) };
  },
};

const libraryOn = (open: () => Promise<RunLibraryPort>) =>
  createLibraryStore({ open, now: () => 0 });
const runStoreFor = (scenarioId: string, id = 'run-1') =>
  createRunStore(
    { scenarioId },
    { scenarios: [...scenarios, TWENTY_STEPS], deps: { now: () => 7_000, newId: () => id } },
  );
const kept = (
  library: LibraryStore,
  id: string,
  test: (state: LibraryState) => boolean = () => true,
) => until(library, (state) => state.runs.some((run) => run.id === id) && test(state));

describe.each(Object.keys(PORTS))('keeping runs as they happen (%s)', (kind) => {
  it('keeps a finished run with its trace and the right summary', async () => {
    const storage = PORTS[kind]!();
    const library = libraryOn(storage.open);
    const store = runStoreFor('shopops-happy');
    const detach = keepRuns(store, library);
    const trace = await store.getState().actions.run();
    const summary = (await kept(library, 'run-1', (state) => state.runs[0]?.status === 'done'))
      .runs[0]!;
    detach();
    const record = await library.getState().actions.get('run-1');
    expect(record).toEqual(recordOf(store.getState()));
    expect(record?.trace).toEqual(trace);
    expect(summary).toMatchObject({
      id: 'run-1',
      scenarioId: 'shopops-happy',
      status: 'done',
      outcome: 'correct',
      steps: trace!.steps.length,
      llmCalls: trace!.metrics.llmCalls,
      startedAt: 7_000,
    });
  });

  it('keeps a run cut mid-way up to its last step, and a reload finds it interrupted', async () => {
    const storage = PORTS[kind]!();
    const library = libraryOn(storage.open);
    const store = runStoreFor('rca-search-stall', 'cut');
    const detach = keepRuns(store, library);
    void store.getState().actions.run({ paused: true });
    for (let count = 1; count <= 2; count++) {
      store.getState().actions.step();
      await until(store, (state) => state.steps.length === count);
    }
    const cut = store.getState();
    await kept(library, 'cut', (state) => state.runs[0]?.steps === 2);
    // The tab closes: the run never ends, the page's stores are dropped.
    detach();
    const live = store.getState();

    const reloaded = libraryOn(storage.open);
    await reloaded.getState().actions.load();
    expect(reloaded.getState().runs).toMatchObject([
      { id: 'cut', status: 'interrupted', outcome: 'interrupted', steps: 2 },
    ]);
    const record = await reloaded.getState().actions.get('cut');
    expect(record?.status).toBe('interrupted');
    expect(record?.trace?.steps).toEqual(cut.steps);
    // Kept as of its last step: transitions taken since (on the way to the next call) may be missing.
    expect(live.path.slice(0, record?.trace?.path.length)).toEqual(record?.trace?.path);
    expect(record?.trace?.path.length).toBeGreaterThanOrEqual(cut.path.length);
    record?.trace?.conversations.forEach((messages, index) => {
      expect(live.conversations[index]?.slice(0, messages.length)).toEqual(messages);
      expect(messages.length).toBeGreaterThanOrEqual(cut.conversations[index]?.length ?? 0);
    });
    store.getState().actions.reset();
  });
});

describe('writes while a run streams', () => {
  it('are coalesced: fewer than the run’s events, the last one the final record', async () => {
    const { port, writes } = counted(createMemoryLibrary());
    const library = libraryOn(async () => port);
    const store = runStoreFor('shopops-twenty-steps');
    store.getState().actions.setOverrides(LONG_OVERRIDES);
    const detach = keepRuns(store, library);
    const trace = await store.getState().actions.run();
    await kept(library, 'run-1', (state) => state.runs[0]?.status === 'done');
    detach();
    expect(trace?.steps).toHaveLength(20);
    expect(writes.length).toBeGreaterThan(1);
    expect(writes.length).toBeLessThan(store.getState().events.length);
    // At most one per step end, with the start and the end: never one per streamed delta.
    expect(writes.length).toBeLessThanOrEqual(20 + 2);
    expect(writes[0]?.status).toBe('running');
    expect(writes.at(-1)).toEqual(recordOf(store.getState()));
  });

  it('wait while one is in flight, and the next takes the newest state', async () => {
    const storage = createMemoryLibrary();
    const writes: RunRecord[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: RunLibraryPort = {
      ...storage,
      put: async (record, label) => {
        writes.push(record);
        if (writes.length === 1) await held;
        return storage.put(record, label);
      },
    };
    const library = libraryOn(async () => slow);
    const store = runStoreFor('shopops-twenty-steps');
    store.getState().actions.setOverrides(LONG_OVERRIDES);
    const detach = keepRuns(store, library);
    await store.getState().actions.run();
    // The first write (the run starting) is still in flight: the twenty steps waited behind it.
    expect(writes.map((write) => write.status)).toEqual(['running']);
    release();
    await kept(library, 'run-1', (state) => state.runs[0]?.status === 'done');
    detach();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual(recordOf(store.getState()));
  });
});

describe('runs opened from a record', () => {
  it('are not saved again when the library has them; one opened from a file is saved once', async () => {
    const { port, writes } = counted(createMemoryLibrary());
    const library = libraryOn(async () => port);
    const store = runStoreFor('shopops-happy');
    const detach = keepRuns(store, library);
    await store.getState().actions.run();
    await kept(library, 'run-1', (state) => state.runs[0]?.status === 'done');
    const saved = writes.length;
    const record = (await library.getState().actions.get('run-1'))!;
    store.getState().actions.open(record);
    await library.getState().actions.load();
    expect(writes.length).toBe(saved);

    const fromFile = recordOfTrace(record.trace!, {
      id: 'from-a-file',
      scenario: record.scenario,
      origin: { kind: 'imported', source: 'trace.json' },
      startedAt: 1,
    });
    store.getState().actions.open(fromFile);
    await kept(library, 'from-a-file');
    store.getState().actions.open(fromFile);
    await library.getState().actions.load();
    detach();
    expect(writes.map((write) => write.id).filter((id) => id === 'from-a-file')).toHaveLength(1);
    expect(await library.getState().actions.get('from-a-file')).toEqual(fromFile);
  });
});

describe('a run opened from a file, saved later', () => {
  it('is written only when `later` runs the save, and then kept whole', async () => {
    const { port, writes } = counted(createMemoryLibrary());
    const library = libraryOn(async () => port);
    await library.getState().actions.load();
    const store = runStoreFor('shopops-happy');
    const tasks: (() => void)[] = [];
    const detach = keepRuns(store, library, (task) => tasks.push(task));
    const trace = (await runStoreFor('shopops-happy').getState().actions.run())!;
    const fromFile = recordOfTrace(trace, {
      id: 'from-a-file',
      scenario: happy,
      origin: { kind: 'imported', source: 'trace.json' },
      startedAt: 1,
    });
    store.getState().actions.open(fromFile);
    await library.getState().actions.load();
    expect(writes).toHaveLength(0);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    await kept(library, 'from-a-file');
    detach();
    expect(await library.getState().actions.get('from-a-file')).toEqual(fromFile);
  });
});

describe('a live run’s trace so far', () => {
  it('is the run’s own trace once it ended, and grows with its steps before', async () => {
    const store = runStoreFor('rca-search-stall');
    const seen: RunState[] = [];
    const unsubscribe = store.subscribe((state) => {
      if (state.status === 'running' && state.steps.length > (seen.at(-1)?.steps.length ?? 0))
        seen.push(state);
    });
    const trace = await store.getState().actions.run();
    unsubscribe();
    expect(traceSoFar(store.getState())).toBe(trace);
    expect(seen.length).toBeGreaterThan(1);
    for (const state of seen) {
      const soFar = traceSoFar(state)!;
      const count = state.steps.length;
      expect(soFar.steps).toEqual(trace!.steps.slice(0, count));
      expect(soFar.config).toEqual(trace!.config);
      expect(soFar.metrics.llmCalls).toBeLessThanOrEqual(trace!.metrics.llmCalls);
      expect(outcomeOf({ ...recordOf(state)!, trace: soFar })).toBe('running');
    }
    const last = traceSoFar(seen.at(-1)!)!;
    expect(last.path).toEqual(trace!.path.slice(0, last.path.length));
  });
});

describe('keeping compare lanes', () => {
  it('keeps every lane’s run, and a lane added later, and stops with a lane removed', async () => {
    const { port, writes } = counted(createMemoryLibrary());
    const library = libraryOn(async () => port);
    const compare = createCompareStore({ scenarios, scenarioId: 'rca-search-stall' });
    const detach = keepCompareRuns(compare, library);
    const laneRuns = () =>
      compare.getState().lanes.map((lane) => compare.laneStore(lane.id)!.getState().shown?.id);
    const done = (state: LibraryState, ids: readonly (string | undefined)[]) =>
      ids.every((id) => state.runs.some((run) => run.id === id && run.status === 'done'));
    await compare.getState().actions.runAll();
    await until(library, (state) => done(state, laneRuns()));
    expect(library.getState().runs).toHaveLength(2);

    compare.getState().actions.addLane();
    const third = compare.getState().lanes[2]!;
    await compare.getState().actions.runAll();
    await until(library, (state) => done(state, laneRuns()));
    expect(library.getState().runs.length).toBe(5);

    const removedStore: RunStore = compare.laneStore(third.id)!;
    compare.getState().actions.removeLane(third.id);
    const before = writes.length;
    void removedStore.getState().actions.run();
    await until(removedStore, (state) => state.status === 'done');
    detach();
    expect(writes.length).toBe(before);
  });
});

describe('keeping a presentation', () => {
  it('keeps both lanes once recorded, each with its settings and trace, once', async () => {
    const { port, writes } = counted(createMemoryLibrary());
    const library = libraryOn(async () => port);
    const presenter = createPresenterStore({
      scenarios,
      source: { demo: demoById('react-vs-reflact') },
      timer: { setTimeout: () => 0, clearTimeout: () => undefined },
    });
    const detach = keepPresentation(presenter, library, {
      now: () => 9_000,
      newId: (lane) => `demo-${lane}`,
    });
    const stop = presenter.getState().actions.start();
    await until(presenter, (state) => state.phase === 'ready');
    await kept(library, 'demo-1', (state) => state.runs.length === 2);
    presenter.getState().actions.restart();
    await library.getState().actions.load();
    stop();
    detach();
    const { lanes, traces, scenario } = presenter.getState();
    expect(writes.map((write) => write.id)).toEqual(['demo-0', 'demo-1']);
    for (const [lane, trace] of traces.entries()) {
      expect(await library.getState().actions.get(`demo-${lane}`)).toEqual(
        recordOfTrace(trace, {
          id: `demo-${lane}`,
          scenario,
          overrides: lanes[lane]!.overrides,
          origin: { kind: 'live' },
          startedAt: 9_000,
        }),
      );
    }
  });
});
