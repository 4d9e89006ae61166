/**
 * The eval store: what the eval matrix runs (scenarios, configs, seeds, on which model, how many
 * at once), its status and progress, and the rows it came back with. Vanilla Zustand; it can
 * live as long as the page, not as long as a view: a matrix keeps running, and its rows stay,
 * whatever view is mounted. The store owns its worker (injected as a factory: a Web Worker in
 * the app, the same loop in-process in tests): made on first need (`prepare` when a view opens,
 * or else the first `run`) and ended only by `dispose`. An endpoint's key is handed to `run` and
 * goes straight into the run message: it is never part of the state. The selection's rules are
 * in `eval-selection.ts`, its pickers in `eval-selection-actions.ts`. With a keeper (the runs
 * library in the app) the last matrix that came back with rows is kept with its runs, and `load`
 * shows it again after a reload (`eval-keeping.ts`).
 */
import { createStore } from 'zustand/vanilla';
import {
  buildEvalMatrix,
  DEFAULT_EVAL_LABELS,
  EVAL_PRESETS,
  evalVerdicts,
  type EvalConfig,
} from '../projections/eval-matrix';
import type { Scenario } from '../engine';
import {
  collectEnd,
  DEFAULT_EVAL_CONCURRENCY,
  type EvalEnd,
  MAX_EVAL_CONCURRENCY,
  type EvalWorkerFactory,
  type EvalWorkerHandle,
  type EvalWorkerResponse,
} from '../workers/eval-protocol';
import {
  KEPT_MATRIX_UNREADABLE,
  KEPT_MATRIX_VERSION,
  matrixKeeping,
  type EvalKeeper,
  type KeptMatrix,
} from './eval-keeping';
import { createSelectionActions } from './eval-selection-actions';
import {
  BUILTIN_MODELS,
  clampCount,
  EVAL_SELECTION_KEY,
  MAX_EVAL_SEEDS,
  readStoredSelection,
  selectionOrder,
  selectionRuns,
  type EvalSelection,
  type PickableScenario,
} from './eval-selection';
import type { EvalActions, EvalOutcome, EvalState, EvalStore } from './eval-store-types';
import { tryStorage, type KeyValueStorage } from './try-storage';

export * from './eval-selection';
export type { EvalSelectionActions } from './eval-selection-actions';
export type * from './eval-store-types';

export interface EvalStoreOptions {
  /** The scenarios to pick from, in suite order (titled: a kept matrix's rows are titled by them). */
  readonly scenarios: readonly (PickableScenario & Pick<Scenario, 'title'>)[];
  readonly createWorker: EvalWorkerFactory;
  readonly initial?: Partial<EvalSelection>;
  /**
   * The user's saved settings, read when needed (they are columns after the presets, by name);
   * none by default.
   */
  readonly savedConfigs?: () => readonly EvalConfig[];
  /**
   * Where the selection persists, so a reload keeps it (the page's localStorage in the app);
   * what it holds is checked when read, and `initial` fills what it does not say.
   */
  readonly storage?: KeyValueStorage;
  /** Where the last matrix and its runs are kept (the runs library); none: nothing is kept. */
  readonly keeper?: EvalKeeper;
}

/** No matrix yet (or one reset). */
const IDLE: EvalOutcome = {
  status: 'idle',
  cancelling: false,
  done: 0,
  total: 0,
  latest: null,
  rows: [],
  matrix: null,
  verdicts: [],
  ran: null,
  ranOn: null,
  errors: [],
  note: null,
  keptAt: null,
  keptProblem: null,
};

const problemOf = (error: unknown) =>
  `The eval results could not be kept in the library: ${error instanceof Error ? error.message : String(error)}`;

const clampConcurrency = (concurrency: number) =>
  clampCount(concurrency, MAX_EVAL_CONCURRENCY, DEFAULT_EVAL_CONCURRENCY);

/** Creates an eval store; its worker is made by `prepare` (or the first `run`), ended by `dispose`. */
export function createEvalStore(options: EvalStoreOptions): EvalStore {
  const { scenarios, createWorker, storage } = options;
  const savedConfigs = options.savedConfigs ?? (() => []);
  /** The configs a label can name: the presets, then the saved settings. */
  const order = selectionOrder(scenarios, () => [...EVAL_PRESETS, ...savedConfigs()]);

  let worker: EvalWorkerHandle | null = null;
  /** The matrix answers are for; a reset or dispose moves it on, so late answers are ignored. */
  let runId = 0;
  const keeping = options.keeper ? matrixKeeping(options.keeper) : null;
  let loading: Promise<void> | null = null;
  /** The matrix last kept (its runs' traces are still coming in). */
  let keptMatrix: KeptMatrix | null = null;
  /** Gathers the current matrix's rows and cells as the worker posts them, until its end. */
  let gather = collectEnd();
  const stored = readStoredSelection(
    tryStorage(() => storage?.getItem(EVAL_SELECTION_KEY)) ?? null,
  );

  return createStore<EvalState>()((set, get) => {
    const select = (patch: Partial<EvalSelection>) => {
      set({ selection: { ...get().selection, ...patch } });
      tryStorage(() => storage?.setItem(EVAL_SELECTION_KEY, JSON.stringify(get().selection)));
    };

    const onMessage = (message: EvalWorkerResponse) => {
      // The runs' traces come after the end, a batch at a time: each kept as it comes.
      // (or, when the worker wrote them itself, only their summaries: `kept`).
      if (message.type === 'kept') {
        if (message.runId === runId) keeping?.listKept(message.summaries);
        return;
      }
      if (message.type === 'traces') {
        if (message.runId !== runId || !keeping || !keptMatrix) return;
        if (message.problem) set({ keptProblem: problemOf(new Error(message.problem)) });
        keeping
          .keepTraces(keptMatrix, message.from, message.traces)
          .catch((error: unknown) => set({ keptProblem: problemOf(error) }));
        return;
      }
      if (message.runId !== runId || get().status !== 'running') return;
      if (message.type === 'progress') {
        set({ done: message.done, total: message.total, latest: message.latest });
      } else if (message.type !== 'failed') {
        // The rows and the worker's matrix come in batches: each only appended, shown at the end.
        const end = gather(message);
        if (end) onEnd(end);
      } else {
        fail(message.message);
      }
    };
    /**
     * The end gathered: shown in one update (no projection runs here: the worker built the
     * matrix and named the kept runs in it and in the rows), then kept.
     */
    const onEnd = (end: EvalEnd) => {
      const { status, done, total, errors, rows, verdicts } = end;
      const note = end.note ?? null;
      const matrix = rows.length === 0 ? null : end.matrix;
      set({ status, cancelling: false, done, total, rows, errors, note, matrix, verdicts });
      const { ran, ranOn } = get();
      if (!keeping || rows.length === 0 || !ran) return;
      const at = keeping.now();
      keptMatrix = {
        version: KEPT_MATRIX_VERSION,
        at,
        status,
        selection: ran,
        ranOn,
        done,
        total,
        rows,
        errors,
        note,
      };
      keeping.keep(keptMatrix).then(
        () => get().rows === rows && set({ keptAt: at }),
        (error: unknown) => get().rows === rows && set({ keptProblem: problemOf(error) }),
      );
    };
    const fail = (message: string) => {
      worker?.terminate();
      worker = null;
      // A prepared worker that failed before any run: the next run makes a new one and reports.
      if (get().status !== 'running') return;
      set({
        status: 'done',
        cancelling: false,
        errors: [{ scenario: null, label: null, seed: null, message }],
      });
    };

    const actions: EvalActions = {
      ...createSelectionActions({ scenarios, order, read: () => get().selection, select }),
      setModel: (modelId) => select({ modelId }),
      setConcurrency: (concurrency) => select({ concurrency: clampConcurrency(concurrency) }),

      run: (endpoint = null) => {
        const { status, selection } = get();
        const total = selectionRuns(selection, scenarios, endpoint !== null);
        if (status === 'running' || total === 0) return;
        runId += 1;
        gather = collectEnd();
        set({
          ...IDLE,
          status: 'running',
          total,
          ran: selection,
          ranOn: endpoint ? { name: endpoint.name, model: endpoint.model } : null,
        });
        const { scenarioIds, configLabels, seeds, concurrency } = selection;
        const picked = new Set(configLabels);
        const saved = savedConfigs().filter((config) => picked.has(config.label));
        try {
          worker ??= createWorker(onMessage, fail);
          worker.post({
            type: 'run',
            runId,
            request: {
              scenarioIds,
              configLabels,
              seeds,
              ...(saved.length > 0 ? { savedConfigs: saved } : {}),
              ...(endpoint ? { endpoint, concurrency } : {}),
              // The kept runs' ids: named by the worker from this stamp (`matrixRunId`).
              ...(keeping ? { keepTraces: true, keepAs: keeping.now() } : {}),
              ...(keeping?.keepIn() ? { keepIn: keeping.keepIn() } : {}),
            },
          });
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error));
        }
      },
      cancel: () => {
        if (get().status !== 'running' || get().cancelling) return;
        set({ cancelling: true });
        worker?.post({ type: 'cancel', runId });
      },
      reset: () => {
        if (get().status === 'running') worker?.post({ type: 'cancel', runId });
        runId += 1;
        set(IDLE);
      },
      load() {
        loading ??= (async () => {
          const kept = await keeping?.restore().catch(() => null);
          if (!kept || get().status !== 'idle' || get().rows.length > 0) return;
          if (kept === 'unreadable') return set({ keptProblem: KEPT_MATRIX_UNREADABLE });
          const { at, selection, version: _version, ...outcome } = kept;
          // A kept matrix is built here, once, on a reload (a run's is built in the worker).
          const matrix =
            outcome.rows.length > 0
              ? buildEvalMatrix(outcome.rows, scenarios, selection.configLabels)
              : null;
          const verdicts = evalVerdicts(outcome.rows);
          set({ ...IDLE, ...outcome, matrix, verdicts, ran: selection, keptAt: at });
        })();
        return loading;
      },
      async clearKept() {
        if (get().status === 'running') return;
        runId += 1;
        set(IDLE);
        await keeping?.clear().catch((error: unknown) => set({ keptProblem: problemOf(error) }));
      },
      prepare: () => {
        if (worker) return;
        try {
          worker = createWorker(onMessage, fail);
        } catch {
          worker = null; // `run` makes it again and reports why it cannot be made.
        }
      },
      dispose: () => {
        worker?.terminate();
        worker = null;
        runId += 1;
        if (get().status === 'running') set({ status: 'cancelled', cancelling: false });
      },
    };

    const first = { ...options.initial, ...stored };
    return {
      ...IDLE,
      selection: {
        scenarioIds: order.inSuiteOrder(first.scenarioIds ?? scenarios.map((s) => s.id)),
        configLabels: order.inConfigOrder(first.configLabels ?? DEFAULT_EVAL_LABELS),
        seeds: clampCount(first.seeds ?? 1, MAX_EVAL_SEEDS, 1),
        modelId: first.modelId ?? BUILTIN_MODELS,
        concurrency: clampConcurrency(first.concurrency ?? DEFAULT_EVAL_CONCURRENCY),
      },
      actions,
    };
  });
}
