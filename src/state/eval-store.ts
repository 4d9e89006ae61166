/**
 * The eval store: what the eval matrix runs (scenarios, configs, seeds, on which model, how many
 * at once), its status and progress, and the rows it came back with. One per eval view. Vanilla
 * Zustand; the worker is injected as a factory (a Web Worker in the app, the same loop in-process
 * in tests), made by `prepare` when the view opens (or else by the first run) and kept until
 * `dispose`. An endpoint's key is handed to `run`
 * and goes straight into the run message: it is never part of the state.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Scenario } from '../engine';
import type { KeyValueStorage } from './endpoints-store';
import { tryStorage } from './try-storage';
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

/** `stopped`: the worker stopped early (the first runs on an endpoint all failed alike). */
export type EvalStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'stopped';

/** The model id of "Built-in models": each scenario on its own simulated or scripted model. */
export const BUILTIN_MODELS = 'builtin';

/** Seeds per cell at most: all 14 built-ins × 7 presets × 100 seeds is 9,800 runs, seconds in a worker. */
export const MAX_EVAL_SEEDS = 100;

export interface EvalSelection {
  /** In suite order. */
  readonly scenarioIds: readonly string[];
  /** In preset order. */
  readonly configLabels: readonly string[];
  readonly seeds: number;
  /** `BUILTIN_MODELS`, or the id of a user endpoint (see the endpoints store). */
  readonly modelId: string;
  /** Runs in flight at once on an endpoint, 1..MAX_EVAL_CONCURRENCY (built-ins run one at a time). */
  readonly concurrency: number;
}

export interface EvalState {
  readonly selection: EvalSelection;
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

  toggleScenario(id: string): void;
  setScenarios(ids: readonly string[]): void;
  /** Adds (or removes) every scenario with this tag. */
  selectTag(tag: string, selected: boolean): void;
  toggleConfig(label: string): void;
  setConfigs(labels: readonly string[]): void;
  /** Clamped to 1..MAX_EVAL_SEEDS; not a number: 1. */
  setSeeds(seeds: number): void;
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
   * Makes the worker now (the view opened), so its start-up — mostly reading the tokenizer's
   * tables — is over before the first Run. Once is enough; a worker that cannot be made is made
   * again by `run`, which then says why.
   */
  prepare(): void;
  /** Ends the worker (the view unmounts). */
  dispose(): void;
}

export type EvalStore = StoreApi<EvalState>;

type PickableScenario = Pick<Scenario, 'id' | 'tags' | 'model'>;

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

export const EVAL_SELECTION_KEY = 'loopscope.eval-selection.v1';

/** Pure: the stored selection's fields that have the right types (the store then orders and clamps them). */
export function readStoredSelection(raw: string | null): Partial<EvalSelection> {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const stored = value as Record<string, unknown>;
  const strings = (field: unknown) =>
    Array.isArray(field) && field.every((item) => typeof item === 'string')
      ? (field as string[])
      : undefined;
  const number = (field: unknown) => (typeof field === 'number' ? field : undefined);
  const picked: Partial<Record<keyof EvalSelection, unknown>> = {
    scenarioIds: strings(stored['scenarioIds']),
    configLabels: strings(stored['configLabels']),
    seeds: number(stored['seeds']),
    modelId: typeof stored['modelId'] === 'string' ? stored['modelId'] : undefined,
    concurrency: number(stored['concurrency']),
  };
  return Object.fromEntries(
    Object.entries(picked).filter(([, field]) => field !== undefined),
  ) as Partial<EvalSelection>;
}

/**
 * Pure: the selected scenarios that run (ids that name no scenario do not; on an endpoint,
 * scripted ones do not either: they are exact replays of recorded replies).
 */
export function runnableScenarioIds(
  selection: Pick<EvalSelection, 'scenarioIds'>,
  scenarios: readonly Pick<Scenario, 'id' | 'model'>[],
  onEndpoint: boolean,
): string[] {
  const ids = new Set(selection.scenarioIds);
  return scenarios
    .filter((s) => ids.has(s.id) && !(onEndpoint && s.model.kind === 'scripted'))
    .map((s) => s.id);
}

/** Pure: how many runs a selection makes, on the built-in models or (`onEndpoint`) an endpoint. */
export function selectionRuns(
  selection: EvalSelection,
  scenarios: readonly Pick<Scenario, 'id' | 'model'>[],
  onEndpoint = false,
): number {
  const count = runnableScenarioIds(selection, scenarios, onEndpoint).length;
  return count * selection.configLabels.length * selection.seeds;
}

const clampSeeds = (seeds: number) =>
  Number.isFinite(seeds) ? Math.min(MAX_EVAL_SEEDS, Math.max(1, Math.floor(seeds))) : 1;
const clampConcurrency = (concurrency: number) =>
  Number.isFinite(concurrency)
    ? Math.min(MAX_EVAL_CONCURRENCY, Math.max(1, Math.floor(concurrency)))
    : DEFAULT_EVAL_CONCURRENCY;

/** Creates an eval store; `prepare` (or the first `run`) makes the worker. */
export function createEvalStore(options: EvalStoreOptions): EvalStore {
  const { scenarios, createWorker } = options;
  const inSuiteOrder = (ids: Iterable<string>) => {
    const wanted = new Set(ids);
    return scenarios.filter((scenario) => wanted.has(scenario.id)).map((scenario) => scenario.id);
  };
  const savedConfigs = options.savedConfigs ?? (() => []);
  /** The configs a label can name: the presets, then the saved settings. */
  const knownConfigs = () => [...EVAL_PRESETS, ...savedConfigs()];
  /** Known labels only, presets first, then saved settings in the order they were saved. */
  const inConfigOrder = (labels: Iterable<string>) => {
    const wanted = new Set(labels);
    return knownConfigs()
      .filter((config) => wanted.has(config.label))
      .map((config) => config.label);
  };

  let worker: EvalWorkerHandle | null = null;
  let runId = 0;
  const stored = readStoredSelection(
    tryStorage(() => options.storage?.getItem(EVAL_SELECTION_KEY)) ?? null,
  );

  const store = createStore<EvalState>()((set, get) => {
    const select = (patch: Partial<EvalSelection>) => {
      set({ selection: { ...get().selection, ...patch } });
      tryStorage(() =>
        options.storage?.setItem(EVAL_SELECTION_KEY, JSON.stringify(get().selection)),
      );
    };

    const onMessage = (message: EvalWorkerResponse) => {
      if (message.runId !== runId || get().status !== 'running') return;
      if (message.type === 'progress') {
        set({ done: message.done, total: message.total, latest: message.latest });
      } else if (message.type === 'end') {
        set({
          status: message.status,
          cancelling: false,
          done: message.done,
          total: message.total,
          rows: message.rows,
          errors: message.errors,
          note: message.note ?? null,
        });
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

    const first = { ...options.initial, ...stored };
    return {
      selection: {
        scenarioIds: inSuiteOrder(first.scenarioIds ?? scenarios.map((s) => s.id)),
        configLabels: inConfigOrder(first.configLabels ?? DEFAULT_EVAL_LABELS),
        seeds: clampSeeds(first.seeds ?? 1),
        modelId: first.modelId ?? BUILTIN_MODELS,
        concurrency: clampConcurrency(first.concurrency ?? DEFAULT_EVAL_CONCURRENCY),
      },
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

      toggleScenario: (id) => {
        const ids = get().selection.scenarioIds;
        select({
          scenarioIds: inSuiteOrder(ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]),
        });
      },
      setScenarios: (ids) => select({ scenarioIds: inSuiteOrder(ids) }),
      selectTag: (tag, selected) => {
        const tagged = scenarios.filter((s) => s.tags.includes(tag)).map((s) => s.id);
        const ids = get().selection.scenarioIds;
        select({
          scenarioIds: inSuiteOrder(
            selected ? [...ids, ...tagged] : ids.filter((id) => !tagged.includes(id)),
          ),
        });
      },
      toggleConfig: (label) => {
        const labels = get().selection.configLabels;
        select({
          configLabels: inConfigOrder(
            labels.includes(label) ? labels.filter((x) => x !== label) : [...labels, label],
          ),
        });
      },
      setConfigs: (labels) => select({ configLabels: inConfigOrder(labels) }),
      setSeeds: (seeds) => select({ seeds: clampSeeds(seeds) }),
      setModel: (modelId) => select({ modelId }),
      setConcurrency: (concurrency) => select({ concurrency: clampConcurrency(concurrency) }),

      run: (endpoint = null) => {
        const { status, selection } = get();
        const total = selectionRuns(selection, scenarios, endpoint !== null);
        if (status === 'running' || total === 0) return;
        runId += 1;
        set({
          status: 'running',
          cancelling: false,
          done: 0,
          total,
          latest: null,
          rows: [],
          errors: [],
          note: null,
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
        set({
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
        });
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
  });
  return store;
}
