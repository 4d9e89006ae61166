/**
 * The run store: one per mounted run view (STYLE rule 6). It holds the user's choices (scenario,
 * mode, reflection gating), drives one run of the engine at a time and folds the run's events
 * into view state: live steps, the streaming text of the current model call, the current phase,
 * and at the end the metrics and the trace. Vanilla Zustand: no React here.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  ForkError,
  ModelError,
  runScenario,
  scenarioConfig,
  createVirtualClock,
  scenarioModel,
  type CallPurpose,
  type Clock,
  type ConfigOverrides,
  type Gating,
  type LoopEvent,
  type Message,
  type Metrics,
  type Mode,
  type PathEntry,
  type PhaseId,
  type Scenario,
  type Step,
  type Trace,
} from '../engine';
import { createRunGate, watchedModel } from './run-gate';
import type { ModelChooser, RunModel } from './run-model';
import { nextMark, timelineMarks } from '../projections/timeline';
import { mergeOverrides } from './run-navigation';

/** Steps a user jumps between: reflections, and guard trips (denials, stall exits, budget stops). */
export type StepMark = 'reflection' | 'guard';

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
  /** Every event of the run but the streaming deltas, in the order the engine emitted them. */
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
  /** Every machine transition taken so far (`phase-enter` events), as the trace's `path`. */
  readonly path: readonly PathEntry[];
  /** The messages of each conversation as the calls sent them (longest context seen). */
  readonly conversations: readonly (readonly Message[])[];
  /** The live run waits before its next model call (Pause); Step lets one through. */
  readonly paused: boolean;
}

/** What the phase graph has selected: the steps that went through it are highlighted. */
export type GraphSelection =
  | { readonly kind: 'phase'; readonly id: PhaseId }
  | { readonly kind: 'transition'; readonly id: string };

/** Where the inspector looks: kept across runs of the same view, reset by Reset. */
export interface ViewState {
  /** The step the inspector shows; null follows the run's newest step. */
  readonly cursor: number | null;
  readonly selection: GraphSelection | null;
  /** Playing back through the recorded steps, one every `playbackMs`. */
  readonly playing: boolean;
  readonly playbackMs: number;
}

export interface RunState extends RunData, ViewState {
  /** The scenarios a user can pick from. */
  readonly scenarios: readonly Scenario[];
  readonly scenarioId: string;
  readonly overrides: ConfigOverrides;
  /** Picks another scenario; stops a live run and clears the last run's results. */
  selectScenario(id: string): void;
  setMode(mode: Mode): void;
  setGating(gating: Gating): void;
  /**
   * Runs the selected scenario under the overrides (paused before its first call when asked).
   * Never rejects: failures land in `error`.
   */
  run(options?: RunOptions): Promise<Trace | null>;
  /** Aborts the live run; it ends with stop reason `cancelled` and keeps what it recorded. */
  stop(): void;
  /** Stops a live run and clears its results; the scenario and overrides stay as chosen. */
  reset(): void;
  /** Merges a settings change into the overrides (reflection settings merge field by field). */
  updateOverrides(change: ConfigOverrides): void;
  /** Back to the defaults (the scenario's default mode). */
  resetOverrides(): void;
  /** Pauses the live run before its next model call. */
  pause(): void;
  /** Resumes a paused run. */
  resume(): void;
  /** Runs one more model call: starts a paused run when idle, else lets one call through. */
  step(): void;
  /** Shows a step (null: follow the newest). */
  selectStep(index: number | null): void;
  /** Moves the cursor by `delta` steps (clamped to the recorded steps). */
  moveCursor(delta: number): void;
  /** Moves the cursor to the first or last recorded step. */
  cursorTo(end: 'first' | 'last'): void;
  /**
   * Moves the cursor to the next (1) or previous (-1) reflection or guard trip (the timeline's
   * marks: a stall exit or budget stop counts, though it denies nothing); stays when there is none.
   */
  jumpTo(mark: StepMark, direction: 1 | -1): void;
  select(selection: GraphSelection | null): void;
  /** Starts or stops playback through the recorded steps. */
  setPlaying(playing: boolean): void;
  setPlaybackMs(ms: number): void;
}

export type RunStore = StoreApi<RunState>;

export interface RunOptions {
  /** Start paused before the first model call (Step). */
  readonly paused?: boolean;
  /**
   * Fork a recorded run of the selected scenario: replay its steps before `atStep` without
   * calling the model, then go on live under the current overrides.
   */
  readonly fork?: { readonly trace: Trace; readonly atStep: number };
}

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
  path: [],
  conversations: [],
  paused: false,
};

const FRESH_VIEW: ViewState = { cursor: null, selection: null, playing: false, playbackMs: 700 };

/** Pure: the view state after one more event of the run. */
export function applyRunEvent(data: RunData, event: LoopEvent): Partial<RunData> {
  // Streaming deltas only grow `streamingText`: kept out of `events`, which would otherwise be
  // copied once per token.
  if (event.type === 'model-call-delta') return { streamingText: data.streamingText + event.text };
  if (event.type === 'model-call-reasoning-delta') return {};
  const events = [...data.events, event];
  switch (event.type) {
    case 'phase-enter':
      return {
        events,
        phase: event.phase,
        path: [...data.path, { transition: event.transition, step: event.step }],
      };
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
  if (error instanceof ModelError || error instanceof ForkError) {
    return { code: error.code, message: error.message };
  }
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
    const gate = createRunGate((paused) => set({ paused }));
    const abandon = (): void => {
      active?.abort();
      active = null;
    };
    const stepCount = () => get().steps.length;
    const clamp = (index: number) => Math.max(0, Math.min(stepCount() - 1, index));
    const cursorOf = (state: RunState) => state.cursor ?? state.steps.length - 1;

    return {
      ...EMPTY_RUN,
      ...FRESH_VIEW,
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
        const state = get();
        const scenario = selectedScenario(state);
        set({
          ...EMPTY_RUN,
          status: 'running',
          runNumber: state.runNumber + 1,
          paused: gate.paused,
          cursor: null,
          selection: null,
          playing: false,
        });
        try {
          const base = scenarioConfig(scenario, state.overrides);
          const replayed = options.fork
            ? options.fork.trace.steps.slice(0, options.fork.atStep)
            : [];
          // Without a clock of the app's, the run keeps simulated time: a virtual clock the
          // scenario's own model advances by its latencies (as `runScenario` does).
          const virtual = deps.clock ? null : createVirtualClock();
          const chosen: RunModel = deps.model
            ? deps.model(scenario, base, replayed)
            : {
                model: scenarioModel(scenario, {
                  config: base,
                  replayed,
                  ...(virtual ? { spend: (ms: number) => virtual.advance(ms) } : {}),
                }),
              };
          const model = watchedModel(chosen.model, gate, (request) => {
            if (!current()) return;
            set((data) => {
              const known = data.conversations[request.conversation];
              if (known && known.length >= request.context.length) return {};
              const conversations = data.conversations.slice();
              conversations[request.conversation] = request.context.toArray();
              return { conversations };
            });
          });
          // A real endpoint speaks one protocol: the run uses it, whatever the overrides say.
          const config =
            chosen.protocol && chosen.protocol !== base.protocol
              ? { ...base, protocol: chosen.protocol }
              : base;
          const trace = await runScenario(scenario, config, {
            model,
            ...(options.fork ? { fork: options.fork } : {}),
            clock: deps.clock ?? virtual ?? createVirtualClock(),
            signal: controller.signal,
            onEvent: (event) => {
              if (current()) set((data) => applyRunEvent(data, event));
            },
          });
          if (current()) {
            set({
              status: 'done',
              trace,
              steps: trace.steps,
              metrics: trace.metrics,
              path: trace.path,
              conversations: trace.conversations,
            });
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
        gate.resume();
        set({ ...EMPTY_RUN, ...FRESH_VIEW, runNumber: get().runNumber });
      },

      updateOverrides(change) {
        set((state) => ({ overrides: mergeOverrides(state.overrides, change) }));
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

      step() {
        if (get().status !== 'running') void get().run({ paused: true });
        else if (!gate.paused) gate.pause();
        gate.step();
      },

      selectStep(index) {
        set({ cursor: index === null ? null : clamp(index) });
      },

      moveCursor(delta) {
        if (stepCount() === 0) return;
        set((state) => ({ cursor: clamp(cursorOf(state) + delta) }));
      },

      cursorTo(end) {
        if (stepCount() === 0) return;
        set({ cursor: end === 'first' ? 0 : stepCount() - 1 });
      },

      jumpTo(mark, direction) {
        const state = get();
        if (state.steps.length === 0) return;
        const marks = timelineMarks(state.steps, state.path);
        const list = mark === 'reflection' ? marks.reflections : marks.guardTrips;
        const found = nextMark(list, cursorOf(state), direction);
        if (found !== null) set({ cursor: found });
      },

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
  });
}
