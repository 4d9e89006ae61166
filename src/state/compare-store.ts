/**
 * The compare store: 2–4 lanes of one scenario, each with its own settings and its own run store
 * (one `RunStoreProvider` per lane; STYLE rule 6). It holds what the lanes are (label, settings,
 * where a fork came from), the baseline lane, the preset, and the shared cursor as an aligned
 * ROW: moving it moves every lane's run store to its step at that row. Each attached run store's
 * results are mirrored here (by reference), so alignment and summary read one store.
 * Vanilla Zustand: no React here.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  scenarioConfig,
  type ConfigOverrides,
  type Gating,
  type Scenario,
  type Step,
  type Trace,
} from '../engine';
import { alignAgainst, rowForStep, stepForRow, type Alignment } from '../projections/align';
import { summariseLanes, type LaneSummary } from '../projections/compare-summary';
import { mergeOverrides } from './run-navigation';
import type { RunFailure, RunState, RunStatus, RunStore } from './run-store';

export const MIN_LANES = 2;
export const MAX_LANES = 4;

export type PresetId = 'react-vs-reflact' | 'reflection-gating' | 'guards';

export interface LaneSpec {
  readonly label: string;
  readonly overrides: ConfigOverrides;
}

export interface ComparePreset {
  readonly id: PresetId;
  /** The button's text (its accessible name). */
  readonly name: string;
  readonly description: string;
  readonly lanes: readonly LaneSpec[];
}

/** The presets, in the order the toolbar shows them. */
export const PRESETS: readonly ComparePreset[] = [
  {
    id: 'react-vs-reflact',
    name: 'ReAct vs ReflAct',
    description: 'The same gating; a ReAct Thought against a ReflAct state-grounded reflection.',
    lanes: [
      { label: 'ReAct', overrides: { mode: 'react' } },
      { label: 'ReflAct', overrides: { mode: 'reflact' } },
    ],
  },
  {
    id: 'reflection-gating',
    name: 'Reflection off · fixed · adaptive',
    description: 'No reflection, a reflection every few actions, or one when the run stalls.',
    lanes: [
      { label: 'Reflection off', overrides: { reflection: { gating: 'off' } } },
      { label: 'Fixed cadence', overrides: { reflection: { gating: 'fixed' } } },
      { label: 'Adaptive', overrides: { reflection: { gating: 'adaptive' } } },
    ],
  },
  {
    id: 'guards',
    name: 'Guards on vs off',
    description: 'Duplicate calls escalate and answers need evidence, or neither is checked.',
    lanes: [
      { label: 'Guards on', overrides: { duplicates: 'escalate', fabricationGuard: true } },
      { label: 'Guards off', overrides: { duplicates: 'off', fabricationGuard: false } },
    ],
  },
];

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
}

export interface CompareState {
  readonly scenarios: readonly Scenario[];
  readonly scenarioId: string;
  readonly lanes: readonly CompareLane[];
  /** The lane the summary's deltas and the alignment are measured against. */
  readonly baseline: number;
  /** The shared cursor: an aligned row; null follows each lane's newest step. */
  readonly row: number | null;
  /** The preset the lanes still are exactly; null once a lane was added, removed or changed. */
  readonly preset: PresetId | null;
  /** Each attached lane's run, by lane id. */
  readonly runs: Readonly<Record<string, LaneRun>>;
  /** The settings each lane's shown run started with, by lane id (stale when they differ). */
  readonly ranWith: Readonly<Record<string, ConfigOverrides>>;

  applyPreset(id: PresetId): void;
  /** Another scenario for every lane: their runs are cleared and forks dropped. */
  setScenario(id: string): void;
  /** A lane with the last lane's settings ("Copy of …"; up to four). */
  addLane(): void;
  /** Removes a lane (two stay). */
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
  /** Connects a lane's run store (its view mounted); returns the disconnect. */
  attach(id: string, store: RunStore): () => void;
}

export type CompareStore = StoreApi<CompareState>;

export interface CompareStoreInitial {
  readonly scenarios: readonly Scenario[];
  /** Falls back to the first scenario when unknown. */
  readonly scenarioId: string;
  readonly preset?: PresetId;
  /**
   * Lanes to open with instead of a preset (two eval matrix cells); 2–4 of them, else the preset.
   * Their runs start when their views mount, unless `runGiven` is false.
   */
  readonly lanes?: readonly LaneSpec[];
  /** Start the given lanes' runs on mount (default true; false on a real endpoint: calls cost). */
  readonly runGiven?: boolean;
}

const EMPTY_RUN: LaneRun = {
  status: 'idle',
  runNumber: 0,
  steps: [],
  trace: null,
  error: null,
  cursor: null,
};

const mirror = (state: RunState): LaneRun => ({
  status: state.status,
  runNumber: state.runNumber,
  steps: state.steps,
  trace: state.trace,
  error: state.error,
  cursor: state.cursor,
});

const changed = (state: RunState, previous: RunState) =>
  state.status !== previous.status ||
  state.steps !== previous.steps ||
  state.trace !== previous.trace ||
  state.error !== previous.error ||
  state.cursor !== previous.cursor ||
  state.runNumber !== previous.runNumber;

/** The gating a fork switches to by default, so something changes: reflection on, or off. */
export function otherGating(gating: Gating): Gating {
  return gating === 'adaptive' ? 'off' : 'adaptive';
}

/** The scenario the store compares on. */
export function compareScenario(state: CompareState): Scenario {
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

const laneSteps = (state: CompareState) =>
  state.lanes.map((lane) => state.runs[lane.id]?.steps ?? EMPTY_RUN.steps);

/** The lanes' steps aligned against the baseline lane (the same object until a lane's steps change). */
export const selectAlignment: (state: CompareState) => Alignment = memoOver(
  (state) => [state.baseline, ...laneSteps(state)],
  (state) => alignAgainst(laneSteps(state), state.baseline),
);

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

/** Pure: the lanes a preset starts with, with fresh ids. */
function lanesOf(preset: ComparePreset, nextId: () => string): CompareLane[] {
  return preset.lanes.map((spec) => ({ ...spec, id: nextId(), fork: null }));
}

/** Creates a compare view's store. */
export function createCompareStore(initial: CompareStoreInitial): CompareStore {
  const { scenarios } = initial;
  const first = scenarios[0];
  if (!first) throw new Error('Loopscope: the compare view needs at least one scenario');
  const scenarioId = scenarios.some((scenario) => scenario.id === initial.scenarioId)
    ? initial.scenarioId
    : first.id;
  let laneNumber = 0;
  const nextId = () => `lane-${++laneNumber}`;
  /** The lanes' run stores, by lane id (attached while their views are mounted). */
  const stores = new Map<string, RunStore>();
  /** Lanes asked to run before their store was attached (a new fork lane). */
  const pending = new Set<string>();
  /** True while this store moves the lanes' cursors (their changes are not the user's). */
  let moving = false;
  const presetOf = (id: PresetId) => PRESETS.find((preset) => preset.id === id) ?? PRESETS[0]!;

  const given =
    initial.lanes && initial.lanes.length >= MIN_LANES && initial.lanes.length <= MAX_LANES
      ? initial.lanes.map((spec): CompareLane => ({ ...spec, id: nextId(), fork: null }))
      : null;
  // Given lanes run as soon as their views attach (someone asked for exactly these runs).
  if (given && initial.runGiven !== false) for (const lane of given) pending.add(lane.id);
  const preset = given ? null : (initial.preset ?? 'react-vs-reflact');

  return createStore<CompareState>()((set, get) => {
    /** Moves each lane's run store to its step at `row`. */
    const moveLanes = (row: number | null) => {
      const state = get();
      const alignment = selectAlignment(state);
      moving = true;
      try {
        state.lanes.forEach((lane, index) => {
          const runStore = stores.get(lane.id);
          if (!runStore || runStore.getState().steps.length === 0) return;
          const step = row === null ? null : (stepForRow(alignment, index, row) ?? 0);
          runStore.getState().actions.selectStep(step);
        });
      } finally {
        moving = false;
      }
    };

    const setRow = (row: number | null) => {
      set({ row });
      moveLanes(row);
    };

    const rowCount = () => selectAlignment(get()).rows.length;

    return {
      scenarios,
      scenarioId,
      lanes: given ?? lanesOf(presetOf(preset ?? 'react-vs-reflact'), nextId),
      baseline: 0,
      row: null,
      preset,
      runs: {},
      ranWith: {},

      applyPreset(id) {
        get().stopAll();
        pending.clear();
        set({
          lanes: lanesOf(presetOf(id), nextId),
          baseline: 0,
          row: null,
          preset: id,
          runs: {},
          ranWith: {},
        });
      },

      setScenario(id) {
        if (id === get().scenarioId || !scenarios.some((scenario) => scenario.id === id)) return;
        pending.clear();
        const lanes = get().lanes.filter((lane) => lane.fork === null);
        for (const lane of lanes) stores.get(lane.id)?.getState().actions.selectScenario(id);
        set((state) => ({
          scenarioId: id,
          lanes,
          baseline: Math.min(state.baseline, lanes.length - 1),
          row: null,
          ranWith: {},
        }));
      },

      addLane() {
        const { lanes } = get();
        if (lanes.length >= MAX_LANES) return;
        const last = lanes[lanes.length - 1];
        const lane: CompareLane = {
          id: nextId(),
          label: last ? `Copy of ${last.label}` : 'New lane',
          overrides: last?.overrides ?? {},
          fork: null,
        };
        set({ lanes: [...lanes, lane], preset: null });
      },

      removeLane(id) {
        const { lanes, baseline } = get();
        const index = lanes.findIndex((lane) => lane.id === id);
        if (index < 0 || lanes.length <= MIN_LANES) return;
        pending.delete(id);
        const rest = lanes.filter((lane) => lane.id !== id);
        set((state) => {
          const runs = { ...state.runs };
          delete runs[id];
          return {
            lanes: rest,
            runs,
            preset: null,
            baseline: index < baseline ? baseline - 1 : Math.min(baseline, rest.length - 1),
          };
        });
      },

      updateLane(id, change) {
        set((state) => ({
          lanes: state.lanes.map((lane) =>
            lane.id === id ? { ...lane, overrides: mergeOverrides(lane.overrides, change) } : lane,
          ),
          preset: null,
        }));
        stores.get(id)?.getState().actions.updateOverrides(change);
      },

      setBaseline(index) {
        if (index < 0 || index >= get().lanes.length) return;
        set({ baseline: index });
        const state = get();
        if (state.row === null) return;
        // The rows are measured against the baseline: the cursor stays on the step it shows.
        const cursor = stores.get(state.lanes[index]?.id ?? '')?.getState().cursor ?? null;
        const row = cursor === null ? null : rowForStep(selectAlignment(state), index, cursor);
        setRow(row ?? Math.min(state.row, rowCount() - 1));
      },

      async runLane(id) {
        const lane = get().lanes.find((candidate) => candidate.id === id);
        if (!lane) return;
        const runStore = stores.get(id);
        if (!runStore) {
          pending.add(id);
          return;
        }
        pending.delete(id);
        const run = runStore.getState();
        if (run.scenarioId !== get().scenarioId) run.actions.selectScenario(get().scenarioId);
        run.actions.resetOverrides();
        run.actions.updateOverrides(lane.overrides);
        set((state) => ({ row: null, ranWith: { ...state.ranWith, [id]: lane.overrides } }));
        moveLanes(null);
        const { fork } = lane;
        await runStore
          .getState()
          .actions.run(fork ? { fork: { trace: fork.trace, atStep: fork.atStep } } : {});
      },

      async runAll() {
        await Promise.all(get().lanes.map((lane) => get().runLane(lane.id)));
      },

      stopAll() {
        for (const runStore of stores.values()) runStore.getState().actions.stop();
      },

      setRow(row) {
        const count = rowCount();
        setRow(row === null || count === 0 ? null : Math.max(0, Math.min(count - 1, row)));
      },

      moveRow(delta) {
        const count = rowCount();
        if (count === 0) return;
        const current = Math.min(get().row ?? count - 1, count - 1);
        setRow(Math.max(0, Math.min(count - 1, current + delta)));
      },

      rowTo(end) {
        const count = rowCount();
        if (count > 0) setRow(end === 'first' ? 0 : count - 1);
      },

      fork(sourceId, atStep) {
        const state = get();
        const index = state.lanes.findIndex((lane) => lane.id === sourceId);
        const source = state.lanes[index];
        const trace = state.runs[sourceId]?.trace ?? null;
        if (!source || !trace || state.lanes.length >= MAX_LANES) return null;
        if (atStep < 0 || atStep >= trace.steps.length) return null;
        const gating = scenarioConfig(compareScenario(state), source.overrides).reflection.gating;
        const lane: CompareLane = {
          id: nextId(),
          label: `Fork of ${source.label} at step ${atStep}`,
          overrides: mergeOverrides(source.overrides, {
            reflection: { gating: otherGating(gating) },
          }),
          fork: { sourceId, sourceLabel: source.label, atStep, trace },
        };
        const lanes = [...state.lanes];
        lanes.splice(index + 1, 0, lane);
        set({
          lanes,
          preset: null,
          baseline: state.baseline > index ? state.baseline + 1 : state.baseline,
        });
        void get().runLane(lane.id);
        return lane.id;
      },

      attach(id, runStore) {
        stores.set(id, runStore);
        set((state) => ({ runs: { ...state.runs, [id]: mirror(runStore.getState()) } }));
        const unsubscribe = runStore.subscribe((run, previous) => {
          if (!get().lanes.some((lane) => lane.id === id) || !changed(run, previous)) return;
          set((state) => ({ runs: { ...state.runs, [id]: mirror(run) } }));
          // The user moved this lane (an evidence link, the phase graph): the others follow.
          if (!moving && run.cursor !== previous.cursor && run.cursor !== null) {
            const state = get();
            const lane = state.lanes.findIndex((candidate) => candidate.id === id);
            const row = rowForStep(selectAlignment(state), lane, run.cursor);
            if (row !== null && row !== state.row) setRow(row);
          }
        });
        // A lane asked to run before its view mounted (a fork) starts once the mount settles:
        // a remount in the same commit (React's StrictMode) must not stop it.
        if (pending.has(id)) {
          queueMicrotask(() => {
            if (stores.get(id) === runStore && pending.delete(id)) void get().runLane(id);
          });
        }
        return () => {
          unsubscribe();
          if (stores.get(id) === runStore) stores.delete(id);
        };
      },
    };
  });
}
