/**
 * The run store's shape: what a run view holds (the run it shows, where it looks) and the
 * actions on it. Types only; `run-store.ts` makes the store, `run-view.ts` folds events into it.
 */
import type { StoreApi } from 'zustand/vanilla';
import type {
  CallPurpose,
  Clock,
  ConfigOverrides,
  Gating,
  Mode,
  PhaseId,
  ReflectionMemory,
  Scenario,
  TokenCounter,
  Trace,
} from '../engine';
import type { RunRecord } from './run-record';
import type { ModelChooser, ModelChooserDeps } from './run-model';
import type { RunView } from './run-view';
import type { ForkSource } from './start-run';

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

/** What the phase graph has selected: the steps that went through it are highlighted. */
export type GraphSelection =
  | { readonly kind: 'phase'; readonly id: PhaseId }
  | { readonly kind: 'transition'; readonly id: string };

/** The run the store shows: live (fed by the runner) or recorded (opened from a record). */
export interface RunData extends RunView {
  readonly status: RunStatus;
  /** Counts the runs this store showed: a new number means a new run (use it as a React key). */
  readonly runNumber: number;
  readonly trace: Trace | null;
  readonly error: RunFailure | null;
  /** The live run waits before its next model call (Pause); Step lets one through. */
  readonly paused: boolean;
  /** Who the shown run is, where it came from, when: the record's fields past its trace. */
  readonly shown: ShownRun | null;
}

/** The record fields of the shown run that the view does not fold from events. */
export type ShownRun = Pick<
  RunRecord,
  'id' | 'scenario' | 'overrides' | 'origin' | 'startedAt' | 'endedAt' | 'imported'
>;

/** Where the inspector looks: kept across runs of the same view, reset by Reset. */
export interface ViewState {
  /** The step the inspector shows; null follows the run's newest step. */
  readonly cursor: number | null;
  readonly selection: GraphSelection | null;
  /** Playing back through the recorded steps, one every `playbackMs`. */
  readonly playing: boolean;
  readonly playbackMs: number;
  /** The step a link named, selected when the run records it (`awaitStep`); null: none. */
  readonly awaitedStep: number | null;
  /** The attempt a link named, chosen when the run records it (`awaitAttempt`); null: none. */
  readonly awaitedAttempt: number | null;
  /**
   * The attempt the timeline and phase graph show (1-based); null: all attempts. The cursor
   * stays within its steps.
   */
  readonly attempt: number | null;
}

export interface RunOptions {
  /** Start paused before the first model call (Step). */
  readonly paused?: boolean;
  /**
   * Fork a recorded run of the selected scenario: replay its steps before `atStep` without
   * calling the model, then go on live under the current overrides.
   */
  readonly fork?: ForkSource;
}

/** The run store's actions: made once with the store (select them without `useShallow`). */
export interface RunActions {
  /** Picks another scenario; stops a live run and clears the last run's results. */
  selectScenario(id: string): void;
  setMode(mode: Mode): void;
  setGating(gating: Gating): void;
  /**
   * Runs the selected scenario under the overrides (paused before its first call when asked).
   * Never rejects: failures land in `error`.
   */
  run(options?: RunOptions): Promise<Trace | null>;
  /** Starts loading the run code (`run-engine.ts`) ahead of a run: Run pointed at or focused. */
  prepare(): void;
  /** Shows a recorded run (its scenario joins the list when new); stops a live run. */
  open(record: RunRecord): void;
  /**
   * Adds scenarios to the list (a user's own, opened from a file or kept in the library); one
   * with the id of a listed scenario replaces it. The shown run is untouched.
   */
  addScenarios(scenarios: readonly Scenario[]): void;
  /**
   * Takes the user's own scenarios of these ids off the list (deleted from the library); when the
   * selected one goes, the view moves to the first scenario listed (its run cleared). Built-ins stay.
   */
  removeScenarios(ids: readonly string[]): void;
  /** Aborts the live run; it ends with stop reason `cancelled` and keeps what it recorded. */
  stop(): void;
  /** Stops a live run and clears its results; the scenario and overrides stay as chosen. */
  reset(): void;
  /** Merges a settings change into the overrides (reflection settings merge field by field). */
  updateOverrides(change: ConfigOverrides): void;
  /** Replaces the overrides (a lane's settings, a matrix cell's). */
  setOverrides(overrides: ConfigOverrides): void;
  /** Back to the defaults (the scenario's default mode). */
  resetOverrides(): void;
  /** Pauses the live run before its next model call. */
  pause(): void;
  /** Resumes a paused run. */
  resume(): void;
  /** Runs one more model call: starts a paused run when idle, else lets one call through. */
  step(): void;
  /**
   * Shows a step (null: follow the newest, all attempts); forgets a step a link awaited. A step
   * outside the selected attempt selects its own attempt.
   */
  selectStep(index: number | null): void;
  /**
   * Shows step `index` once the run records it (a link names it): at once when it is there; the
   * last step when the run ended short of it; else when it arrives, in this run or the next.
   */
  awaitStep(index: number): void;
  /**
   * Shows attempt `attempt` once the run records it (a link names it): at once when it is there;
   * all attempts when the run ended without it; else when its first step arrives.
   */
  awaitAttempt(attempt: number): void;
  /** Moves the cursor by `delta` steps (clamped to the recorded steps). */
  moveCursor(delta: number): void;
  /** Moves the cursor to the first or last recorded step. */
  cursorTo(end: 'first' | 'last'): void;
  /**
   * Moves the cursor to the next (1) or previous (-1) reflection or guard trip (the timeline's
   * marks: a stall exit or budget stop counts, though it denies nothing); stays when there is none.
   */
  jumpTo(mark: StepMark, direction: 1 | -1): void;
  /**
   * Scopes the views to one attempt (null: all attempts); the cursor moves to its first step
   * unless it is already in it. An attempt the run has not recorded is ignored.
   */
  selectAttempt(attempt: number | null): void;
  select(selection: GraphSelection | null): void;
  /** Starts or stops playback through the recorded steps. */
  setPlaying(playing: boolean): void;
  setPlaybackMs(ms: number): void;
}

export interface RunState extends RunData, ViewState {
  /** The scenarios a user can pick from. */
  readonly scenarios: readonly Scenario[];
  /** Which of them are the user's own (added, or given as own): the picker groups them. */
  readonly ownScenarioIds: readonly string[];
  readonly scenarioId: string;
  readonly overrides: ConfigOverrides;
  readonly actions: RunActions;
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
  /**
   * What the app's chooser is made from (`createModelChooser`), once the run code has loaded
   * with the first run: the app passes this rather than `model`, so the OpenAI client and the
   * models load with the run code, not with the page. Ignored when `model` is given.
   */
  readonly models?: ModelChooserDeps;
  /**
   * Counts tokens where a model reports none (and the in-process simulated model's); default the
   * engine's, gpt-tokenizer in this thread. The page passes its token worker's.
   */
  readonly tokens?: TokenCounter;
  /** The wall clock that dates records (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
  /** Makes a record's id; default a counter with the start time. */
  readonly newId?: () => string;
  /**
   * The reflection memory each run starts with (the app: the reflections kept in IndexedDB,
   * see `createReflectionsStore`); default a fresh memory per run.
   */
  readonly memory?: () => ReflectionMemory;
}

/** What the store needs from the outside world. */
export interface RunStoreOptions {
  readonly scenarios: readonly Scenario[];
  /** Ids of `scenarios` that are the user's own (kept in the library), not built in. */
  readonly ownScenarioIds?: readonly string[];
  readonly deps?: RunStoreDeps;
}
