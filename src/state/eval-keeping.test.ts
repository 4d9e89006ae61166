import { describe, expect, it } from 'vitest';
import { buildEvalMatrix, evalVerdicts } from '../projections/eval-matrix';
import { builtinScenarios } from '../scenarios';
import { inProcessEvalWorker } from '../workers/eval-runner';
import {
  KEPT_MATRIX_KEY,
  KEPT_MATRIX_UNREADABLE,
  FORGET_PIECE,
  libraryKeeper,
  readKeptMatrix,
  type KeptMatrix,
} from './eval-keeping';
import { createEvalStore, type EvalStore } from './eval-store';
import { createLibraryStore, type LibraryStore } from './library-store';
import { createMemoryLibrary } from './memory-library';
import type { RunLibraryPort } from './library-types';
import type { RunRecord } from './run-record';

const SCENARIOS = builtinScenarios();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const until = async (check: () => boolean) => {
  await expect.poll(check, { timeout: 10_000 }).toBe(true);
};

/** A memory library behind a library store, and eval stores over it (one per "page load"). */
function setup() {
  const port: RunLibraryPort = createMemoryLibrary();
  let clock = Date.UTC(2026, 11, 2, 1, 0, 0);
  const library: LibraryStore = createLibraryStore({ open: async () => port, now: () => clock });
  // While `hold` is set, a matrix waits after its first reported rows (until `release`), so a
  // test can cancel it in the middle however fast the machine runs it.
  const held: (() => void)[] = [];
  const control = {
    hold: false,
    release: () => {
      control.hold = false;
      for (const resume of held.splice(0)) resume();
    },
  };
  const pause = () => (control.hold ? new Promise<void>((resume) => held.push(resume)) : turn());
  const page = (): EvalStore =>
    createEvalStore({
      scenarios: SCENARIOS,
      createWorker: inProcessEvalWorker({ scenarios: SCENARIOS, pause }),
      initial: { scenarioIds: ['shopops-happy', 'rca-search-stall'], configLabels: ['react+off'] },
      keeper: libraryKeeper(library, {
        now: () => (clock += 1000),
        scenario: (id) => SCENARIOS.find((scenario) => scenario.id === id) ?? null,
      }),
    });
  return { port, library, page, control };
}

/** Runs the store's matrix until it is kept and its runs are in the library (they come after). */
const runToKept = async (store: EvalStore, library: LibraryStore) => {
  store.getState().actions.run();
  await until(() => store.getState().keptAt !== null);
  const listed = () => new Set(library.getState().runs.map((run) => run.id));
  await until(() => store.getState().rows.every((row) => row.run && listed().has(row.run)));
};

describe('a finished matrix, kept in the library', () => {
  it('keeps each row as a run of its own, the row naming it, with the trace the row sums up', async () => {
    const { library, page } = setup();
    const store = page();
    await runToKept(store, library);
    const { rows, status } = store.getState();
    expect(status).toBe('done');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.run).toMatch(/^eval-/);
      const record = await library.getState().actions.get(row.run!);
      expect(record).toMatchObject({ origin: { kind: 'eval' }, status: 'done' });
      expect(record?.scenario.id).toBe(row.scenario);
      expect(record?.trace?.stopReason).toBe(row.stopReason);
      expect(record?.trace?.metrics).toEqual(row.metrics);
      expect(record?.settings).toEqual(row.config);
    }
    expect(library.getState().runs.map((run) => run.origin)).toEqual(['eval', 'eval']);
  });

  it('is shown again by the next page: selection, rows, what it ran on and when', async () => {
    const { library, page } = setup();
    const first = page();
    await runToKept(first, library);
    const again = page();
    expect(again.getState().status).toBe('idle');
    await again.getState().actions.load();
    const before = first.getState();
    expect(again.getState()).toMatchObject({
      status: 'done',
      rows: before.rows,
      ran: before.ran,
      ranOn: null,
      done: 2,
      total: 2,
      keptAt: before.keptAt,
      keptProblem: null,
    });
  });

  it('shows the matrix the worker built, its cells opening the kept runs, as one built from the rows; and so after a reload', async () => {
    const { library, page } = setup();
    const first = page();
    first.getState().actions.toggleConfig('reflact+adaptive');
    first.getState().actions.setSeeds(40); // 2 scenarios × 2 configs × 40 seeds: 160 runs
    await runToKept(first, library);
    const { rows, matrix, verdicts, ran } = first.getState();
    expect(rows).toHaveLength(160);
    expect(matrix).toEqual(buildEvalMatrix(rows, SCENARIOS, ran!.configLabels));
    expect(verdicts).toEqual(evalVerdicts(rows));
    const cell = matrix!.rows[0]!.cells[1]!;
    expect(cell.seeds.map((seed) => seed.run)).toEqual(
      rows
        .filter((row) => row.scenario === cell.scenario && row.label === cell.label)
        .map((row) => row.run),
    );
    expect(cell.seeds.every((seed) => seed.run?.startsWith('eval-'))).toBe(true);
    const again = page();
    await again.getState().actions.load();
    expect(again.getState().matrix).toEqual(matrix);
    expect(again.getState().verdicts).toEqual(verdicts);
  }, 60_000);

  it('a newer matrix replaces the kept one and its runs; a pinned run stays', async () => {
    const { library, page } = setup();
    const store = page();
    await runToKept(store, library);
    const [pinned, dropped] = store.getState().rows.map((row) => row.run!);
    await library.getState().actions.pin(pinned!, true);
    await runToKept(store, library);
    const ids = library.getState().runs.map((run) => run.id);
    expect(ids).toContain(pinned);
    expect(ids).not.toContain(dropped);
    for (const row of store.getState().rows) expect(ids).toContain(row.run);
  });

  it('forgets a replaced matrix’s runs in pieces, a library call each (9,800 deletes at once held the page)', async () => {
    const port = createMemoryLibrary();
    const removed: number[] = [];
    const counting: RunLibraryPort = {
      ...port,
      remove: (ids) => {
        removed.push(ids.length);
        return port.remove(ids);
      },
    };
    const library = createLibraryStore({ open: async () => counting, now: () => 0 });
    await library.getState().actions.load();
    const keeper = libraryKeeper(library, { now: () => 0, scenario: () => null });
    const count = 2 * FORGET_PIECE + 40;
    await keeper.forgetRuns(Array.from({ length: count }, (_, position) => `eval-x-${position}`));
    expect(removed).toEqual([FORGET_PIECE, FORGET_PIECE, 40]);
  });

  it('Clear forgets the matrix and its runs', async () => {
    const { library, page } = setup();
    const store = page();
    await runToKept(store, library);
    await store.getState().actions.clearKept();
    expect(store.getState()).toMatchObject({ status: 'idle', rows: [], keptAt: null });
    expect(library.getState().runs).toEqual([]);
    const again = page();
    await again.getState().actions.load();
    expect(again.getState()).toMatchObject({ status: 'idle', rows: [], keptProblem: null });
  });

  it('a cancelled matrix is kept with the rows that finished', async () => {
    const { page, control } = setup();
    const store = page();
    store.getState().actions.setSeeds(20);
    control.hold = true;
    store.getState().actions.run();
    await until(() => store.getState().done >= 1);
    store.getState().actions.cancel();
    control.release();
    await until(() => store.getState().status === 'cancelled');
    await until(() => store.getState().keptAt !== null);
    const { rows } = store.getState();
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThan(40);
    const again = page();
    await again.getState().actions.load();
    expect(again.getState()).toMatchObject({ status: 'cancelled', rows, total: 40 });
  });

  it('a cancelled matrix with no rows keeps nothing, and the kept one stays', async () => {
    const { library, page, control } = setup();
    const first = page();
    await runToKept(first, library);
    const kept = await library.getState().actions.readSetting(KEPT_MATRIX_KEY);
    const store = page();
    control.hold = true;
    store.getState().actions.run();
    store.getState().actions.cancel();
    control.release();
    await until(() => store.getState().status === 'cancelled');
    expect(store.getState().rows).toEqual([]);
    await turn();
    expect(await library.getState().actions.readSetting(KEPT_MATRIX_KEY)).toEqual(kept);
  });
});

describe('what storage gives back', () => {
  it('a value that is not a kept matrix is ignored with a notice, and nothing breaks', async () => {
    const { library, page } = setup();
    await library.getState().actions.writeSetting(KEPT_MATRIX_KEY, {
      version: 1,
      at: 5,
      rows: 'lots',
    });
    const store = page();
    await store.getState().actions.load();
    expect(store.getState()).toMatchObject({
      status: 'idle',
      rows: [],
      keptAt: null,
      keptProblem: KEPT_MATRIX_UNREADABLE,
    });
    // The next matrix is kept over it.
    await runToKept(store, library);
    const again = page();
    await again.getState().actions.load();
    expect(again.getState().rows).toHaveLength(2);
  });

  it('readKeptMatrix reads back what a store wrote, and refuses other forms and wrong fields', async () => {
    const { library, page } = setup();
    await runToKept(page(), library);
    const keeper = libraryKeeper(library, { now: () => 0, scenario: () => null });
    const kept = (await keeper.read()) as KeptMatrix;
    expect(kept.rows).toHaveLength(2);
    expect(readKeptMatrix(structuredClone(kept))).toEqual(kept);
    const row = kept.rows[0]!;
    const wrong: unknown[] = [
      null,
      'matrix',
      [],
      { ...kept, version: 2 },
      { ...kept, status: 'running' },
      { ...kept, at: 'yesterday' },
      { ...kept, selection: { scenarioIds: 'all' } },
      { ...kept, ranOn: { name: 'Local' } },
      { ...kept, rows: [{ ...row, stopReason: 'bored' }] },
      { ...kept, rows: [{ ...row, metrics: { ...row.metrics, llmCalls: '3' } }] },
      { ...kept, rows: [{ ...row, config: { ...row.config, mode: 'shout' } }] },
      { ...kept, rows: [{ ...row, triggers: {} }] },
      { ...kept, rows: [{ ...row, run: 7 }] },
      { ...kept, errors: [{ message: 3 }] },
    ];
    for (const value of wrong) expect(readKeptMatrix(value)).toBeNull();
  });
});

describe('a matrix whose worker keeps its runs itself', () => {
  /** A library on "IndexedDB" (a memory one that says so) and a worker writing to it too. */
  function withWorkerWriting(keepRuns: (records: readonly RunRecord[]) => Promise<unknown>) {
    const port: RunLibraryPort = { ...createMemoryLibrary(), kind: 'indexeddb' };
    const library = createLibraryStore({ open: async () => port, now: () => 0 });
    const received: string[] = [];
    const inner = inProcessEvalWorker({
      scenarios: SCENARIOS,
      pause: turn,
      keepRuns: async (name, records) => {
        expect(name).toBe('the-library');
        await keepRuns(records);
        return port.putAll(records.map((record) => ({ record })));
      },
    });
    let clock = Date.UTC(2026, 11, 3);
    const store = createEvalStore({
      scenarios: SCENARIOS,
      createWorker: (onMessage, onError) =>
        inner((message) => {
          received.push(message.type);
          onMessage(message);
        }, onError),
      initial: { scenarioIds: ['shopops-happy', 'rca-search-stall'], configLabels: ['react+off'] },
      keeper: libraryKeeper(library, {
        now: () => (clock += 1000),
        scenario: (id) => SCENARIOS.find((scenario) => scenario.id === id) ?? null,
        database: 'the-library',
      }),
    });
    return { library, store, received };
  }

  it('the page gets no trace, and its library lists and opens every run', async () => {
    const { library, store, received } = withWorkerWriting(() => Promise.resolve());
    await library.getState().actions.load();
    await runToKept(store, library);
    expect(received).toContain('kept');
    expect(received).not.toContain('traces');
    for (const row of store.getState().rows) {
      const record = await library.getState().actions.get(row.run!);
      expect(record?.trace?.metrics).toEqual(row.metrics);
    }
    expect(store.getState().keptProblem).toBeNull();
  });

  it('a write the worker could not make is said, and the page keeps the runs', async () => {
    const { library, store } = withWorkerWriting(() =>
      Promise.reject(new Error('The browser refused to store the runs (quota).')),
    );
    await library.getState().actions.load();
    await runToKept(store, library);
    expect(store.getState().keptProblem).toBe(
      'The eval results could not be kept in the library: The browser refused to store the runs (quota).',
    );
    for (const row of store.getState().rows)
      expect((await library.getState().actions.get(row.run!))?.trace).not.toBeNull();
  });
});
