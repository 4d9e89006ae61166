/**
 * The run store: one per mounted run view (STYLE rule 6). It holds the user's choices (scenario,
 * mode, reflection gating), drives one run of the engine at a time and folds the run's events
 * into view state: live steps, the streaming text of the current model call, the current phase,
 * and at the end the metrics and the trace. Vanilla Zustand: no React here.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  ModelError,
  runScenario,
  scenarioConfig,
  type CallPurpose,
  type Clock,
  type ConfigOverrides,
  type Gating,
  type LoopEvent,
  type Metrics,
  type Mode,
  type PhaseId,
  type Scenario,
  type Step,
  type Trace,
} from '../engine';
import type { ModelChooser, RunModel } from './run-model';

export type RunStatus = 'idle' | 'running' | 'done';

/** A failure the run could not record in a trace (the run never started, or the engine threw). */
export interface RunFailure {
  /** Stable code: the ModelError's code, `scenario_unknown`, or `run_failed`. */
  readonly code: string;
  readonly message: string;
}

/** The model call that is streaming (or last streamed) in the live run. */
export interface StreamingCall {
  /** Counts the run's model calls from 1: a new number means a new call. */
  readonly number: number;
  readonly step: number;
  readonly purpose: CallPurpose;
}

/** What one run produced so far; cleared when a new run starts or the view is reset. */
export interface RunData {
  readonly status: RunStatus;
  /** Counts the runs this store started: a new number means a new run (use it as a React key). */
  readonly runNumber: number;
  /** Every event of the run, in the order the engine emitted them. */
  readonly events: readonly LoopEvent[];
  /** The steps recorded so far (`step-end` events); the trace's steps once the run is done. */
  readonly steps: readonly Step[];
  /** The text the current (or last) model call has streamed so far. */
  readonly streamingText: string;
  readonly liveCall: StreamingCall | null;
  readonly phase: PhaseId | null;
  /** Null until the run ends: the engine reports metrics with `run-end`. */
  readonly metrics: Metrics | null;
  readonly trace: Trace | null;
  readonly error: RunFailure | null;
}

export interface RunState extends RunData {
  /** The scenarios a user can pick from. */
  readonly scenarios: readonly Scenario[];
  readonly scenarioId: string;
  readonly overrides: ConfigOverrides;
  /** Picks another scenario; stops a live run and clears the last run's results. */
  selectScenario(id: string): void;
  setMode(mode: Mode): void;
  setGating(gating: Gating): void;
  /** Runs the selected scenario under the overrides. Never rejects: failures land in `error`. */
  run(): Promise<Trace | null>;
  /** Aborts the live run; it ends with stop reason `cancelled` and keeps what it recorded. */
  stop(): void;
  /** Stops a live run and clears its results; the scenario and overrides stay as chosen. */
  reset(): void;
}

export type RunStore = StoreApi<RunState>;

export interface RunStoreInitial {
  readonly scenarioId: string;
  readonly overrides?: ConfigOverrides;
}

/** The runner's I/O, injected by the app (browser) or a test. */
export interface RunStoreDeps {
  /** The run's clock: a real one in the app (`performance.now`); default a virtual clock. */
  readonly clock?: Clock;
  /**
   * The model of each run, chosen as it starts (see `createModelChooser`). Default: the model
   * the scenario names, in-process, its simulated time on the virtual clock.
   */
  readonly model?: ModelChooser;
}

/** What the store needs from the outside world. */
export interface RunStoreOptions {
  readonly scenarios: readonly Scenario[];
  readonly deps?: RunStoreDeps;
}

const EMPTY_RUN: RunData = {
  status: 'idle',
  runNumber: 0,
  events: [],
  steps: [],
  streamingText: '',
  liveCall: null,
  phase: null,
  metrics: null,
  trace: null,
  error: null,
};

/** Pure: the view state after one more event of the run. */
export function applyRunEvent(data: RunData, event: LoopEvent): Partial<RunData> {
  const events = [...data.events, event];
  switch (event.type) {
    case 'phase-enter':
      return { events, phase: event.phase };
    case 'model-call-start':
      return {
        events,
        streamingText: '',
        liveCall: {
          number: (data.liveCall?.number ?? 0) + 1,
          step: event.step,
          purpose: event.purpose,
        },
      };
    case 'model-call-delta':
      return { events, streamingText: data.streamingText + event.text };
    case 'step-end':
      return { events, steps: [...data.steps, event.step] };
    case 'run-end':
      return { events, metrics: event.metrics };
    default:
      return { events };
  }
}

/** The selected scenario (the store keeps its id valid). */
export function selectedScenario(state: RunState): Scenario {
  const scenario = state.scenarios.find((candidate) => candidate.id === state.scenarioId);
  if (!scenario) throw new Error(`Loopscope: the run store lost scenario "${state.scenarioId}"`);
  return scenario;
}

function toFailure(error: unknown): RunFailure {
  if (error instanceof ModelError) return { code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'run_failed', message: `The run failed: ${message}` };
}

/** Creates a run view's store. Throws when `initial.scenarioId` is not among `scenarios`. */
export function createRunStore(initial: RunStoreInitial, options: RunStoreOptions): RunStore {
  const { scenarios, deps = {} } = options;
  if (!scenarios.some((scenario) => scenario.id === initial.scenarioId)) {
    throw new Error(`Loopscope: no scenario "${initial.scenarioId}" to start the run view with`);
  }
  /** The live run's controller; events of any earlier run are dropped. */
  let active: AbortController | null = null;

  return createStore<RunState>()((set, get) => {
    const abandon = (): void => {
      active?.abort();
      active = null;
    };

    return {
      ...EMPTY_RUN,
      scenarios,
      scenarioId: initial.scenarioId,
      overrides: initial.overrides ?? {},

      selectScenario(id) {
        if (id === get().scenarioId) return;
        if (!scenarios.some((scenario) => scenario.id === id)) {
          set({
            error: { code: 'scenario_unknown', message: `There is no scenario "${id}".` },
          });
          return;
        }
        abandon();
        set({ ...EMPTY_RUN, runNumber: get().runNumber, scenarioId: id });
      },

      setMode(mode) {
        set((state) => ({ overrides: { ...state.overrides, mode } }));
      },

      setGating(gating) {
        set((state) => ({
          overrides: { ...state.overrides, reflection: { ...state.overrides.reflection, gating } },
        }));
      },

      async run() {
        abandon();
        const controller = new AbortController();
        active = controller;
        const current = () => active === controller;
        const state = get();
        const scenario = selectedScenario(state);
        set({ ...EMPTY_RUN, status: 'running', runNumber: state.runNumber + 1 });
        try {
          const base = scenarioConfig(scenario, state.overrides);
          const chosen: RunModel | null = deps.model ? deps.model(scenario, base) : null;
          // A real endpoint speaks one protocol: the run uses it, whatever the overrides say.
          const config =
            chosen?.protocol && chosen.protocol !== base.protocol
              ? { ...base, protocol: chosen.protocol }
              : base;
          const trace = await runScenario(scenario, config, {
            ...(chosen ? { model: chosen.model } : {}),
            ...(deps.clock ? { clock: deps.clock } : {}),
            signal: controller.signal,
            onEvent: (event) => {
              if (current()) set((data) => applyRunEvent(data, event));
            },
          });
          if (current()) {
            set({ status: 'done', trace, steps: trace.steps, metrics: trace.metrics });
          }
          return trace;
        } catch (error) {
          if (current()) set({ status: 'done', error: toFailure(error) });
          return null;
        } finally {
          if (current()) active = null;
        }
      },

      stop() {
        active?.abort();
      },

      reset() {
        abandon();
        set({ ...EMPTY_RUN, runNumber: get().runNumber });
      },
    };
  });
}
