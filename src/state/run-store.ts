/**
 * The run store: one per run view (STYLE rule 6). It holds the user's choices (scenario, mode,
 * reflection gating) and shows one run: live, fed by the runner through one fold of its events
 * (`run-view.ts`), or recorded, opened from a `RunRecord`. Starting a run is `startRun`, loaded
 * with the engine's run code on first use (`run-engine.ts`); this factory only keeps which run is
 * current. Actions sit under `actions`. Vanilla Zustand.
 */
import { createStore } from 'zustand/vanilla';
import { ForkError, ModelError, type LoopEvent } from '../engine';
import { createCursorActions } from './run-cursor';
import { createRunGate } from './run-gate';
import { mergeOverrides } from './run-navigation';
import type { RunRecord } from './run-record';
import type {
  RunActions,
  RunData,
  RunFailure,
  RunState,
  RunStore,
  RunStoreInitial,
  RunStoreOptions,
  ViewState,
} from './run-store-types';
import { EMPTY_VIEW, foldRunEvents, viewOfTrace } from './run-view';
import { selectedScenario, withScenarios, withoutScenarios } from './scenario-list';
import { loadRunEngine, type RunEngine } from './run-engine';
import type { ModelChooser } from './run-model';

export * from './run-store-types';
export { selectedScenario } from './scenario-list';

const EMPTY_RUN: RunData = {
  ...EMPTY_VIEW,
  status: 'idle',
  runNumber: 0,
  trace: null,
  error: null,
  paused: false,
  shown: null,
};

const FRESH_VIEW: ViewState = {
  cursor: null,
  selection: null,
  playing: false,
  playbackMs: 700,
  awaitedStep: null,
  awaitedAttempt: null,
  attempt: null,
};

function toFailure(error: unknown): RunFailure {
  if (error instanceof ModelError || error instanceof ForkError) {
    return { code: error.code, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'run_failed', message: `The run failed: ${message}` };
}

let storeNumber = 0;

/** Creates a run view's store. Throws when `initial.scenarioId` is not among `scenarios`. */
export function createRunStore(initial: RunStoreInitial, options: RunStoreOptions): RunStore {
  const { scenarios, deps = {}, ownScenarioIds = [] } = options;
  if (!scenarios.some((scenario) => scenario.id === initial.scenarioId)) {
    throw new Error(`Loopscope: no scenario "${initial.scenarioId}" to start the run view with`);
  }
  const now = deps.now ?? (() => Date.now());
  const prefix = `run-${++storeNumber}`;
  let runCount = 0;
  const newId = deps.newId ?? (() => `${prefix}-${++runCount}-${now().toString(36)}`);
  /** The live run's controller; events of any earlier run are dropped. */
  let active: AbortController | null = null;
  /** The chooser made from `deps.models` once the run code is in (`deps.model` wins). */
  let chooser: ModelChooser | undefined = deps.model;
  const runDeps = (engine: RunEngine) => {
    if (!chooser && deps.models) chooser = engine.createModelChooser(deps.models);
    return chooser ? { ...deps, model: chooser } : deps;
  };

  return createStore<RunState>()((set, get) => {
    const gate = createRunGate((paused) => set({ paused }));
    const abandon = (): void => {
      active?.abort();
      active = null;
    };
    const stepCount = () => get().steps.length;
    const cursor = createCursorActions(get, set);
    const settleAwaited = cursor.settleAwaited;
    const ended = () => {
      const { shown } = get();
      return shown ? { shown: { ...shown, endedAt: now() } } : {};
    };

    const actions: RunActions = {
      selectScenario(id) {
        if (id === get().scenarioId) return;
        if (!get().scenarios.some((scenario) => scenario.id === id)) {
          set({
            error: { code: 'scenario_unknown', message: `There is no scenario "${id}".` },
          });
          return;
        }
        abandon();
        set({ ...EMPTY_RUN, ...FRESH_VIEW, runNumber: get().runNumber, scenarioId: id });
      },

      setMode(mode) {
        set((state) => ({ overrides: { ...state.overrides, mode } }));
      },

      setGating(gating) {
        set((state) => ({
          overrides: { ...state.overrides, reflection: { ...state.overrides.reflection, gating } },
        }));
      },

      async run(options = {}) {
        abandon();
        if (options.paused) gate.pause();
        else gate.resume();
        const controller = new AbortController();
        active = controller;
        const current = () => active === controller;
        // A run's events reach the view a task at a time, and each step as it is recorded: the
        // events that arrive together (a reply's deltas, read from one network chunk) make one
        // update and one render, not one each. Every event is folded, in order. (A hidden tab's
        // timers wait: its view catches up at each step, and when it is shown again.)
        const pending: LoopEvent[] = [];
        const flush = () => {
          if (pending.length === 0) return;
          const events = pending.splice(0);
          if (!current()) return;
          set((data) => foldRunEvents(data, events));
          settleAwaited();
        };
        const state = get();
        const scenario = selectedScenario(state);
        const { fork } = options;
        set({
          ...EMPTY_RUN,
          status: 'running',
          runNumber: state.runNumber + 1,
          paused: gate.paused,
          cursor: null,
          selection: null,
          playing: false,
          attempt: null,
          shown: {
            id: newId(),
            scenario,
            overrides: state.overrides,
            origin: fork
              ? { kind: 'forked', fromRunId: fork.fromRunId ?? null, atStep: fork.atStep }
              : { kind: 'live' },
            startedAt: now(),
            endedAt: null,
          },
        });
        try {
          // Running from here (the status says so) while the run code loads, the first time.
          const engine = await loadRunEngine();
          if (!current()) return null;
          const trace = await engine.startRun({
            scenario,
            overrides: state.overrides,
            deps: runDeps(engine),
            gate,
            ...(fork ? { fork } : {}),
            signal: controller.signal,
            onEvent: (event) => {
              if (!current()) return;
              pending.push(event);
              if (event.type === 'step-end') flush();
              else if (pending.length === 1) setTimeout(flush, 0);
            },
          });
          flush();
          if (current()) set({ status: 'done', trace, ...ended() });
          return trace;
        } catch (error) {
          flush();
          if (current()) set({ status: 'done', error: toFailure(error), ...ended() });
          return null;
        } finally {
          if (current()) {
            active = null;
            settleAwaited();
          }
        }
      },

      open(record: RunRecord) {
        abandon();
        gate.resume();
        const known = get().scenarios.some((scenario) => scenario.id === record.scenario.id);
        set((state) => ({
          ...EMPTY_RUN,
          ...FRESH_VIEW,
          ...(record.trace ? viewOfTrace(record.trace) : {}),
          // A recorded run of a scenario the list lacks (a file's): one of the user's own.
          ...(known ? {} : withScenarios(state, [record.scenario])),
          scenarioId: record.scenario.id,
          overrides: record.overrides,
          status: 'done',
          runNumber: state.runNumber + 1,
          trace: record.trace,
          error: record.error,
          shown: {
            id: record.id,
            scenario: record.scenario,
            overrides: record.overrides,
            origin: record.origin,
            startedAt: record.startedAt,
            endedAt: record.endedAt,
            ...(record.imported ? { imported: record.imported } : {}),
          },
        }));
      },

      addScenarios(added) {
        if (added.length > 0) set((state) => withScenarios(state, added));
      },

      removeScenarios(ids) {
        const list = withoutScenarios(get(), ids);
        const { scenarioId, runNumber } = get();
        if (list.scenarios.some((scenario) => scenario.id === scenarioId)) return set(list);
        abandon();
        set({ ...EMPTY_RUN, ...FRESH_VIEW, runNumber, ...list, scenarioId: list.scenarios[0]!.id });
      },

      stop() {
        active?.abort();
      },

      reset() {
        abandon();
        gate.resume();
        set({ ...EMPTY_RUN, ...FRESH_VIEW, runNumber: get().runNumber });
      },

      updateOverrides(change) {
        set((state) => ({ overrides: mergeOverrides(state.overrides, change) }));
      },

      setOverrides(overrides) {
        set({ overrides });
      },

      resetOverrides() {
        set({ overrides: {} });
      },

      pause() {
        gate.pause();
      },

      resume() {
        gate.resume();
      },

      prepare() {
        loadRunEngine().catch(() => {
          // A run tries again and says what failed.
        });
      },

      step() {
        if (get().status !== 'running') void actions.run({ paused: true });
        else if (!gate.paused) gate.pause();
        gate.step();
      },

      ...cursor.actions,

      select(selection) {
        set({ selection });
      },

      setPlaying(playing) {
        set({ playing: playing && stepCount() > 0 });
      },

      setPlaybackMs(playbackMs) {
        set({ playbackMs });
      },
    };

    return {
      ...EMPTY_RUN,
      ...FRESH_VIEW,
      scenarios,
      ownScenarioIds,
      scenarioId: initial.scenarioId,
      overrides: initial.overrides ?? {},
      actions,
    };
  });
}
