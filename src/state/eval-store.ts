/**
 * The eval store: what the eval matrix runs (scenarios, configs, seeds, on which model, how many
 * at once), its status and progress, and the rows it came back with. Vanilla Zustand; it can
 * live as long as the page, not as long as a view: a matrix keeps running, and its rows stay,
 * whatever view is mounted. The store owns its worker (injected as a factory: a Web Worker in
 * the app, the same loop in-process in tests): made on first need (`prepare` when a view opens,
 * or else the first `run`) and ended only by `dispose`. An endpoint's key is handed to `run` and
 * goes straight into the run message: it is never part of the state. The selection's rules are
 * in `eval-selection.ts`, its pickers in `eval-selection-actions.ts`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  DEFAULT_EVAL_LABELS,
  EVAL_PRESETS,
  type EvalConfig,
  type EvalEndpointLabel,
  type EvalRunRow,
} from '../projections/eval-matrix';
import {
  DEFAULT_EVAL_CONCURRENCY,
  MAX_EVAL_CONCURRENCY,
  type EvalEndpoint,
  type EvalRunError,
  type EvalWorkerFactory,
  type EvalWorkerHandle,
  type EvalWorkerResponse,
} from '../workers/eval-protocol';
import { createSelectionActions, type EvalSelectionActions } from './eval-selection-actions';
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
import { tryStorage, type KeyValueStorage } from './try-storage';

export * from './eval-selection';
export type { EvalSelectionActions } from './eval-selection-actions';

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
  /** The selection the current or last matrix was started with. */
  readonly ran: EvalSelection | null;
  /** The endpoint the current or last matrix ran on; null: the built-in models (or none ran). */
  readonly ranOn: EvalEndpointLabel | null;
  readonly errors: readonly EvalRunError[];
  /** Why a `stopped` matrix stopped, in words. */
  readonly note: string | null;
}

export interface EvalState extends EvalOutcome {
  readonly selection: EvalSelection;
  readonly actions: EvalActions;
}

export type EvalStore = StoreApi<EvalState>;

export interface EvalStoreOptions {
  /** The scenarios to pick from, in suite order. */
  readonly scenarios: readonly PickableScenario[];
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
}

/** No matrix yet (or one reset). */
const IDLE: EvalOutcome = {
  status: 'idle',
  cancelling: false,
  done: 0,
  total: 0,
  latest: null,
  rows: [],
  ran: null,
  ranOn: null,
  errors: [],
  note: null,
};

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
  const stored = readStoredSelection(
    tryStorage(() => storage?.getItem(EVAL_SELECTION_KEY)) ?? null,
  );

  return createStore<EvalState>()((set, get) => {
    const select = (patch: Partial<EvalSelection>) => {
      set({ selection: { ...get().selection, ...patch } });
      tryStorage(() => storage?.setItem(EVAL_SELECTION_KEY, JSON.stringify(get().selection)));
    };

    const onMessage = (message: EvalWorkerResponse) => {
      if (message.runId !== runId || get().status !== 'running') return;
      if (message.type === 'progress') {
        set({ done: message.done, total: message.total, latest: message.latest });
      } else if (message.type === 'end') {
        const { status, done, total, rows, errors } = message;
        set({ status, cancelling: false, done, total, rows, errors, note: message.note ?? null });
      } else {
        fail(message.message);
      }
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
