/**
 * The compare store: 2–4 lanes of one scenario, each with its own run store, which this store
 * creates and lets go itself (a lane's view only provides it). It holds what the lanes are
 * (label, where a fork came from), the baseline lane, the preset, and the shared cursor as an
 * aligned ROW: setting it puts every lane's run store on its step at that row. One subscription
 * per lane, made with the lane, mirrors its run (and its settings, which the run store owns)
 * here, so alignment and summary read one store. Vanilla Zustand: no React here.
 */
import { createStore } from 'zustand/vanilla';
import { scenarioConfig } from '../engine';
import { rowForStep, stepForRow } from '../projections/align';
import {
  MAX_LANES,
  MIN_LANES,
  otherGating,
  presetOf,
  validLanes,
  type ComparePreset,
  type LaneSpec,
} from './compare-presets';
import {
  compareScenario,
  selectAlignment,
  type CompareActions,
  type CompareLane,
  type CompareState,
  type CompareStore,
  type CompareStoreInitial,
  type LaneFork,
} from './compare-types';
import { mergeOverrides } from './run-navigation';
import { createRunStore } from './run-store';
import type { RunState, RunStore } from './run-store-types';
import { changed, mirror } from './lane-mirror';
import { alignmentStart, keepAlignment } from './compare-align';

export * from './compare-presets';
export * from './compare-types';

/** Creates a compare view's store; given lanes start running at once unless `runGiven` is false. */
export function createCompareStore(initial: CompareStoreInitial): CompareStore {
  const { deps } = initial;
  let scenarios = initial.scenarios;
  const first = scenarios[0];
  if (!first) throw new Error('Loopscope: the compare view needs at least one scenario');
  const startId = scenarios.some((scenario) => scenario.id === initial.scenarioId)
    ? initial.scenarioId
    : first.id;
  let laneNumber = 0;
  /** Each live lane's run store and the end of its one subscription, by lane id. */
  const stores = new Map<string, { store: RunStore; release: () => void }>();

  const store = createStore<CompareState>()((set, get) => {
    /** Moves each lane's run store to its step at `row`. */
    const moveLanes = (row: number | null) => {
      const state = get();
      const alignment = selectAlignment(state);
      state.lanes.forEach((lane, index) => {
        const run = stores.get(lane.id)?.store.getState();
        if (!run || run.steps.length === 0) return;
        run.actions.selectStep(row === null ? null : (stepForRow(alignment, index, row) ?? 0));
      });
    };
    const setRow = (row: number | null) => {
      set({ row });
      moveLanes(row);
    };
    const rowCount = () => selectAlignment(get()).rows.length;

    /** Mirrors a lane's run; when the user moved that lane's cursor, the others follow. */
    const follow = (id: string) => (run: RunState, previous: RunState) => {
      if (!changed(run, previous)) return;
      set((state) => ({
        // The lanes change only when this lane's settings did (views keyed on them stay put).
        ...(run.overrides === previous.overrides
          ? {}
          : {
              lanes: state.lanes.map((lane) =>
                lane.id === id ? { ...lane, overrides: run.overrides } : lane,
              ),
            }),
        runs: { ...state.runs, [id]: mirror(run) },
        ranWith: run.shown ? { ...state.ranWith, [id]: run.shown.overrides } : state.ranWith,
      }));
      if (run.cursor === previous.cursor || run.cursor === null) return;
      const state = get();
      const index = state.lanes.findIndex((lane) => lane.id === id);
      const alignment = selectAlignment(state);
      // Where the shared row put this lane: the compare store moved it, not the user.
      if (state.row !== null && (stepForRow(alignment, index, state.row) ?? 0) === run.cursor) {
        return;
      }
      const row = rowForStep(alignment, index, run.cursor);
      if (row !== null && row !== state.row) setRow(row);
    };

    /** A lane and its run store, subscribed from the start. */
    const makeLane = (spec: LaneSpec, fork: LaneFork | null = null): CompareLane => {
      const id = `lane-${++laneNumber}`;
      const runStore = createRunStore(
        { scenarioId: get().scenarioId, overrides: spec.overrides },
        { scenarios, ...(deps ? { deps } : {}) },
      );
      stores.set(id, { store: runStore, release: runStore.subscribe(follow(id)) });
      if (spec.record) runStore.getState().actions.open(spec.record);
      set((state) => ({ runs: { ...state.runs, [id]: mirror(runStore.getState()) } }));
      return { id, label: spec.label, overrides: spec.overrides, fork };
    };
    const dropLane = (id: string) => {
      const entry = stores.get(id);
      if (!entry) return;
      entry.release();
      entry.store.getState().actions.stop();
      stores.delete(id);
      set((state) => {
        const runs = { ...state.runs };
        const ranWith = { ...state.ranWith };
        delete runs[id];
        delete ranWith[id];
        return { runs, ranWith };
      });
    };
    const dropAll = () => {
      for (const id of stores.keys()) dropLane(id);
    };
    const lanesOf = (preset: ComparePreset) => preset.lanes.map((spec) => makeLane(spec));
    const fresh = { baseline: 0, row: null };

    const actions: CompareActions = {
      applyPreset(id) {
        dropAll();
        set({ ...fresh, lanes: lanesOf(presetOf(id)), preset: id });
      },

      openLanes(specs, options = {}) {
        const lanes = validLanes(specs);
        if (!lanes) return;
        dropAll();
        set({ ...fresh, lanes: lanes.map((spec) => makeLane(spec)), preset: null });
        if (options.run === false) return;
        // Lanes of recorded runs show them; the others run.
        const live = get().lanes.filter((_lane, index) => !lanes[index]!.record);
        void Promise.all(live.map((lane) => actions.runLane(lane.id)));
      },

      setScenario(id) {
        if (id === get().scenarioId || !scenarios.some((scenario) => scenario.id === id)) return;
        for (const lane of get().lanes) if (lane.fork) dropLane(lane.id);
        const lanes = get().lanes.filter((lane) => lane.fork === null);
        set((state) => ({
          scenarioId: id,
          lanes,
          baseline: Math.min(state.baseline, lanes.length - 1),
          row: null,
          ranWith: {},
        }));
        for (const lane of lanes) stores.get(lane.id)?.store.getState().actions.selectScenario(id);
      },

      addLane() {
        const { lanes } = get();
        if (lanes.length >= MAX_LANES) return;
        const last = lanes[lanes.length - 1];
        const lane = makeLane({
          label: last ? `Copy of ${last.label}` : 'New lane',
          overrides: last?.overrides ?? {},
        });
        set({ lanes: [...get().lanes, lane], preset: null });
      },

      removeLane(id) {
        const { lanes, baseline } = get();
        const index = lanes.findIndex((lane) => lane.id === id);
        if (index < 0 || lanes.length <= MIN_LANES) return;
        dropLane(id);
        const rest = lanes.filter((lane) => lane.id !== id);
        set({
          lanes: rest,
          preset: null,
          baseline: index < baseline ? baseline - 1 : Math.min(baseline, rest.length - 1),
        });
      },

      updateLane(id, change) {
        set({ preset: null });
        stores.get(id)?.store.getState().actions.updateOverrides(change);
      },

      setBaseline(index) {
        if (index < 0 || index >= get().lanes.length) return;
        set({ baseline: index });
        const state = get();
        if (state.row === null) return;
        // The rows are measured against the baseline: the cursor stays on the step it shows.
        const lane = state.lanes[index];
        const cursor = (lane && stores.get(lane.id)?.store.getState().cursor) ?? null;
        const row = cursor === null ? null : rowForStep(selectAlignment(state), index, cursor);
        setRow(row ?? Math.min(state.row, rowCount() - 1));
      },

      async runLane(id) {
        const lane = get().lanes.find((candidate) => candidate.id === id);
        const runStore = stores.get(id)?.store;
        if (!lane || !runStore) return;
        const run = runStore.getState();
        if (run.scenarioId !== get().scenarioId) run.actions.selectScenario(get().scenarioId);
        set({ row: null });
        moveLanes(null);
        const { fork } = lane;
        await run.actions.run(fork ? { fork: { trace: fork.trace, atStep: fork.atStep } } : {});
      },

      async runAll() {
        await Promise.all(get().lanes.map((lane) => actions.runLane(lane.id)));
      },

      stopAll() {
        for (const { store: runStore } of stores.values()) runStore.getState().actions.stop();
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
        const lane = makeLane(
          {
            label: `Fork of ${source.label} at step ${atStep}`,
            overrides: mergeOverrides(source.overrides, {
              reflection: { gating: otherGating(gating) },
            }),
          },
          { sourceId, sourceLabel: source.label, atStep, trace },
        );
        const lanes = [...state.lanes];
        lanes.splice(index + 1, 0, lane);
        set({
          lanes,
          preset: null,
          baseline: state.baseline > index ? state.baseline + 1 : state.baseline,
        });
        void actions.runLane(lane.id);
        return lane.id;
      },

      setScenarios(next) {
        if (next.length === 0) return;
        scenarios = next;
        set({ scenarios: next });
        for (const { store: lane } of stores.values()) lane.getState().actions.addScenarios(next);
        const gone = !next.some((scenario) => scenario.id === get().scenarioId);
        if (gone) actions.setScenario(next[0]!.id);
      },

      dispose() {
        dropAll();
      },
    };

    return {
      scenarios,
      scenarioId: startId,
      lanes: [],
      baseline: 0,
      row: null,
      preset: null,
      runs: {},
      ranWith: {},
      ...alignmentStart(initial),
      actions,
    };
  });
  if (initial.aligner) keepAlignment(store, initial.aligner);

  const given = validLanes(initial.lanes);
  if (given) store.getState().actions.openLanes(given, { run: initial.runGiven !== false });
  else store.getState().actions.applyPreset(initial.preset ?? 'react-vs-reflact');
  return Object.assign(store, { laneStore: (id: string) => stores.get(id)?.store });
}
