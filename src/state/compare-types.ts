/**
 * The compare store's shape and its narrow selectors over several lanes (alignment, summary,
 * lanes for a URL). The store itself is `compare-store.ts`. No React.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { ConfigOverrides, Scenario, Step, Trace } from '../engine';
import { alignAgainst, type Alignment } from '../projections/align';
import {
  alignsOffThread,
  currentAlignment,
  interimAlignment,
  laneSteps,
  type Aligner,
  type AlignmentState,
} from './compare-align';
import { summariseLanes, type LaneSummary } from '../projections/compare-summary';
import type { LaneSpec, PresetId } from './compare-presets';
import type { RunFailure, RunStatus, RunStore, RunStoreDeps } from './run-store-types';

/** Where a forked lane came from: its source lane's recorded run and the step it went on live at. */
export interface LaneFork {
  readonly sourceId: string;
  readonly sourceLabel: string;
  readonly atStep: number;
  readonly trace: Trace;
}

export interface CompareLane {
  /** Stable while the lane lives (a React key; its run store lives as long). */
  readonly id: string;
  readonly label: string;
  /** The lane's settings: its run store's overrides (the run store owns them; this mirrors). */
  readonly overrides: ConfigOverrides;
  readonly fork: LaneFork | null;
}

/** A lane's run store as the compare view reads it (mirrored by reference). */
export interface LaneRun {
  readonly status: RunStatus;
  readonly runNumber: number;
  readonly steps: readonly Step[];
  readonly trace: Trace | null;
  readonly error: RunFailure | null;
  /** The lane's own cursor (null: it follows its newest step). */
  readonly cursor: number | null;
  /** The id of the run the lane shows (kept in the library as it runs); null before a run. */
  readonly shownId: string | null;
  /** The shown run was made here, live (a copied link reproduces it instead of naming it). */
  readonly live: boolean;
}

/** The compare store's actions: made once with the store. */
export interface CompareActions {
  applyPreset(id: PresetId): void;
  /** Opens exactly these lanes (a link, two matrix cells); runs them unless `run` is false. */
  openLanes(lanes: readonly LaneSpec[], options?: { readonly run?: boolean }): void;
  /** Another scenario for every lane: their runs are cleared and forks dropped. */
  setScenario(id: string): void;
  /** A lane with the last lane's settings ("Copy of …"; up to four). */
  addLane(): void;
  /** Removes a lane (two stay); its run store is stopped and let go. */
  removeLane(id: string): void;
  /** Merges a settings change into a lane (reflection settings merge field by field). */
  updateLane(id: string, change: ConfigOverrides): void;
  setBaseline(index: number): void;
  /** Runs one lane under its settings (a fork lane replays its source first). */
  runLane(id: string): Promise<void>;
  runAll(): Promise<void>;
  stopAll(): void;
  /** Moves every lane to its step at `row` (null: each follows its newest step). */
  setRow(row: number | null): void;
  /** Moves the shared cursor by `delta` rows (clamped). */
  moveRow(delta: number): void;
  rowTo(end: 'first' | 'last'): void;
  /**
   * Adds a lane after `sourceId` that replays its recorded run before step `atStep`, then goes on
   * live with the source's settings but the other reflection gating; starts it. Returns its id,
   * or null when there is no room or no recorded run.
   */
  fork(sourceId: string, atStep: number): string | null;
  /** Stops every lane and lets their run stores go (the page is leaving). */
  dispose(): void;
  /**
   * The scenarios the view offers change (a user's own added, or deleted); the shown scenario
   * stays unless it is gone, then the first one is shown.
   */
  setScenarios(scenarios: readonly Scenario[]): void;
}

export { ALIGN_OFF_THREAD_STEPS, type Aligner } from './compare-align';

export interface CompareState extends AlignmentState {
  readonly scenarios: readonly Scenario[];
  readonly scenarioId: string;
  readonly lanes: readonly CompareLane[];
  /** The lane the summary's deltas and the alignment are measured against. */
  readonly baseline: number;
  /** The shared cursor: an aligned row; null follows each lane's newest step. */
  readonly row: number | null;
  /** The preset the lanes still are exactly; null once a lane was added, removed or changed. */
  readonly preset: PresetId | null;
  /** Each lane's run, by lane id (mirrored from its run store). */
  readonly runs: Readonly<Record<string, LaneRun>>;
  /** The settings each lane's shown run started with, by lane id (stale when they differ). */
  readonly ranWith: Readonly<Record<string, ConfigOverrides>>;
  readonly actions: CompareActions;
}

export type CompareStore = StoreApi<CompareState> & {
  /** The run store of a lane (its view provides it); undefined for a lane that is gone. */
  readonly laneStore: (id: string) => RunStore | undefined;
};

export interface CompareStoreInitial {
  readonly scenarios: readonly Scenario[];
  /** Falls back to the first scenario when unknown. */
  readonly scenarioId: string;
  readonly preset?: PresetId;
  /** Lanes to open with instead of a preset (two eval matrix cells); 2–4 of them, else the preset. */
  readonly lanes?: readonly LaneSpec[];
  /** Run the given lanes at once (default true; false on a real endpoint: calls cost). */
  readonly runGiven?: boolean;
  /** The lanes' runner I/O (the app's clock and model chooser); default in-process models. */
  readonly deps?: RunStoreDeps;
  /** Aligns long runs elsewhere (the align worker); without one every alignment is in-thread. */
  readonly aligner?: Aligner;
  /** The longest lane's steps from which the aligner aligns (default ALIGN_OFF_THREAD_STEPS). */
  readonly alignOffThreadFrom?: number;
}

/** The scenario the store compares on. */
export function compareScenario(state: Pick<CompareState, 'scenarios' | 'scenarioId'>): Scenario {
  const found = state.scenarios.find((scenario) => scenario.id === state.scenarioId);
  if (!found) throw new Error(`Loopscope: the compare store lost scenario "${state.scenarioId}"`);
  return found;
}

/** One cache per selector: the last inputs and the answer (a narrow selector over several lanes). */
function memoOver<T>(
  inputs: (state: CompareState) => readonly unknown[],
  build: (state: CompareState) => T,
): (state: CompareState) => T {
  let last: readonly unknown[] | null = null;
  let answer: T;
  return (state) => {
    const next = inputs(state);
    if (last && last.length === next.length && last.every((value, i) => value === next[i])) {
      return answer;
    }
    last = next;
    answer = build(state);
    return answer;
  };
}

/**
 * The lanes' steps aligned against the baseline lane (the same object until a lane's steps
 * change). Long runs with an aligner: its answer, or while it works the previous one (a live run
 * that grew) or no rows; `selectAligning` says which.
 */
export const selectAlignment: (state: CompareState) => Alignment = memoOver(
  (state) => [state.baseline, state.aligned, state.alignOffThreadFrom, ...laneSteps(state)],
  (state) => {
    const steps = laneSteps(state);
    if (!alignsOffThread(state.alignOffThreadFrom, steps))
      return alignAgainst(steps, state.baseline);
    return currentAlignment(state, steps) ?? interimAlignment(state, steps);
  },
);

/** Whether the aligner is still aligning the lanes as they are (the view says "Aligning…"). */
export function selectAligning(state: CompareState): boolean {
  const steps = laneSteps(state);
  return alignsOffThread(state.alignOffThreadFrom, steps) && !currentAlignment(state, steps);
}

/** Each lane's metrics and its deltas against the baseline lane. */
export const selectSummary: (state: CompareState) => readonly LaneSummary[] = memoOver(
  (state) => [
    state.baseline,
    state.scenarioId,
    ...state.lanes.map((lane) => state.runs[lane.id]?.trace ?? null),
  ],
  (state) =>
    summariseLanes(
      compareScenario(state),
      state.lanes.map((lane) => state.runs[lane.id]?.trace ?? null),
      state.baseline,
    ),
);

/**
 * Pure: the lanes as lane specs for a URL, or null when the hash should name none (the lanes are
 * still a preset: a reload opens it again). A fork goes as a plain lane with its settings: a
 * recorded run cannot ride in a URL.
 */
export function lanesForUrl(state: Pick<CompareState, 'lanes' | 'preset'>): LaneSpec[] | null {
  if (state.preset !== null) return null;
  return state.lanes.map((lane) => ({ label: lane.label, overrides: lane.overrides }));
}
