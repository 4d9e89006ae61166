import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import {
  createCompareStore,
  lanesForUrl,
  otherGating,
  selectAlignment,
  selectSummary,
  type CompareStore,
  type LaneSpec,
  type PresetId,
} from './compare-store';
import type { RunStore } from './run-store';

const scenarios = builtinScenarios();

/** A compare store on in-process models (virtual clock); its lanes' run stores are its own. */
function compareOn(scenarioId: string, preset: PresetId | readonly LaneSpec[]) {
  const compare = createCompareStore(
    typeof preset === 'string'
      ? { scenarios, scenarioId, preset }
      : { scenarios, scenarioId, lanes: preset },
  );
  const storeOf = (index: number): RunStore => {
    const id = compare.getState().lanes[index]?.id ?? '';
    const store = compare.laneStore(id);
    if (!store) throw new Error(`no lane ${index}`);
    return store;
  };
  return { compare, storeOf };
}

const cursors = (compare: CompareStore, storeOf: (index: number) => RunStore) =>
  compare.getState().lanes.map((_, index) => storeOf(index).getState().cursor);

/** Waits until every lane's run store is done. */
async function settled(compare: CompareStore, storeOf: (index: number) => RunStore) {
  for (let tries = 0; tries < 100; tries++) {
    const states = compare.getState().lanes.map((_, index) => storeOf(index).getState());
    if (states.every((state) => state.status === 'done')) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the lanes did not finish');
}

/** Waits until every lane has a finished trace (the lanes ran by themselves). */
async function settledRuns(compare: CompareStore) {
  for (let tries = 0; tries < 200; tries++) {
    const { lanes, runs } = compare.getState();
    if (lanes.every((lane) => runs[lane.id]?.status === 'done')) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the lanes did not run by themselves');
}

describe('compare store', () => {
  describe('presets', () => {
    it('opens on ReAct vs ReflAct unless told otherwise', () => {
      const compare = createCompareStore({ scenarios, scenarioId: 'rca-search-stall' });
      const { lanes, preset, baseline } = compare.getState();
      expect(preset).toBe('react-vs-reflact');
      expect(lanes.map((lane) => [lane.label, lane.overrides])).toEqual([
        ['ReAct', { mode: 'react' }],
        ['ReflAct', { mode: 'reflact' }],
      ]);
      expect(baseline).toBe(0);
    });

    it('lays out three lanes for reflection off, fixed and adaptive', () => {
      const { compare } = compareOn('rca-search-stall', 'reflection-gating');
      expect(compare.getState().lanes.map((lane) => lane.overrides.reflection?.gating)).toEqual([
        'off',
        'fixed',
        'adaptive',
      ]);
    });

    it('turns both guards off in the second lane of guards on vs off', () => {
      const { compare } = compareOn('shopops-hostile-loop', 'react-vs-reflact');
      compare.getState().actions.applyPreset('guards');
      expect(compare.getState().lanes.map((lane) => lane.overrides)).toEqual([
        { duplicates: 'escalate', fabricationGuard: true },
        { duplicates: 'off', fabricationGuard: false },
      ]);
    });

    it('opens with the lanes it is given (two matrix cells) and runs them at once', async () => {
      const given: LaneSpec[] = [
        {
          label: 'react+fixed',
          overrides: { mode: 'react', reflection: { gating: 'fixed' }, seed: 3 },
        },
        {
          label: 'react+adaptive',
          overrides: { mode: 'react', reflection: { gating: 'adaptive' }, seed: 3 },
        },
      ];
      const { compare } = compareOn('rca-checkout-latency', given);
      expect(compare.getState().preset).toBeNull();
      expect(compare.getState().lanes.map((lane) => lane.label)).toEqual([
        'react+fixed',
        'react+adaptive',
      ]);
      await settledRuns(compare);
      const traces = compare
        .getState()
        .lanes.map((lane) => compare.getState().runs[lane.id]?.trace);
      expect(traces.map((trace) => [trace?.config.reflection.gating, trace?.config.seed])).toEqual([
        ['fixed', 3],
        ['adaptive', 3],
      ]);
    });

    it('on a real endpoint, waits for Run before running the given lanes', async () => {
      const compare = createCompareStore({
        scenarios,
        scenarioId: 'rca-checkout-latency',
        lanes: [
          { label: 'a', overrides: { mode: 'react' } },
          { label: 'b', overrides: { mode: 'reflact' } },
        ],
        runGiven: false,
      });
      const store = compare.laneStore(compare.getState().lanes[0]!.id)!;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(store.getState().status).toBe('idle');
    });

    it('names its lanes for the URL once they are not a preset (a fork as its settings)', async () => {
      const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
      expect(lanesForUrl(compare.getState())).toBeNull();
      compare.getState().actions.updateLane(compare.getState().lanes[1]!.id, { seed: 4 });
      expect(lanesForUrl(compare.getState())?.map((lane) => lane.overrides)).toEqual([
        { mode: 'react' },
        { mode: 'reflact', seed: 4 },
      ]);
    });

    it('falls back to a preset when given fewer than two lanes', () => {
      const compare = createCompareStore({
        scenarios,
        scenarioId: 'rca-search-stall',
        lanes: [{ label: 'alone', overrides: {} }],
      });
      expect(compare.getState().preset).toBe('react-vs-reflact');
    });

    it('falls back to the first scenario when it does not know the one asked for', () => {
      const compare = createCompareStore({ scenarios, scenarioId: 'nope' });
      expect(compare.getState().scenarioId).toBe(scenarios[0]?.id);
    });
  });

  describe('running lanes', () => {
    it('runs every lane under its own settings and mirrors their results', async () => {
      const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      const { lanes, runs } = compare.getState();
      expect(lanes.map((lane) => runs[lane.id]?.trace?.config.reflection.gating)).toEqual([
        'off',
        'fixed',
        'adaptive',
      ]);
      expect(runs[lanes[0]!.id]?.steps).toBe(storeOf(0).getState().steps);
      expect(selectSummary(compare.getState()).map((lane) => lane.metrics?.stopReason)).toEqual([
        'stalled',
        'answer',
        'answer',
      ]);
    });

    it('marks where the runs part ways, and lines adaptive’s early reflection up with fixed’s', async () => {
      const { compare } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      const alignment = selectAlignment(compare.getState());
      // Off and fixed go on with two more empty calls; adaptive skips them and reflects.
      expect(alignment.firstDivergence).toBe(1);
      expect(alignment.rows[1]?.cells).toEqual([1, 1, null]);
      expect(alignment.rows[3]?.cells).toEqual([null, 3, 1]);
      expect(alignment.signatures[2]?.[1]).toBe('reflection');
      expect(alignment.signatures[1]?.[3]).toBe('reflection');
    });

    it('changes one lane’s settings and re-runs it alone', async () => {
      const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      const firstRun = storeOf(1).getState().runNumber;
      const id = compare.getState().lanes[0]!.id;
      compare.getState().actions.updateLane(id, { reflection: { gating: 'adaptive' } });
      expect(compare.getState().preset).toBeNull();
      await compare.getState().actions.runLane(id);
      expect(storeOf(0).getState().trace?.stopReason).toBe('answer');
      expect(storeOf(1).getState().runNumber).toBe(firstRun);
      expect(selectAlignment(compare.getState()).rows[1]?.same).toBe(false);
    });

    it('remembers the settings each lane last ran with', async () => {
      const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
      await compare.getState().actions.runAll();
      const lane = compare.getState().lanes[0]!;
      expect(compare.getState().ranWith[lane.id]).toBe(lane.overrides);
      compare.getState().actions.updateLane(lane.id, { seed: 7 });
      expect(compare.getState().ranWith[lane.id]).not.toBe(compare.getState().lanes[0]!.overrides);
    });
  });

  describe('the shared cursor', () => {
    it('moves every lane to its step at the aligned row, the nearest before a gap', async () => {
      const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      compare.getState().actions.rowTo('first');
      expect(cursors(compare, storeOf)).toEqual([0, 0, 0]);
      compare.getState().actions.moveRow(1);
      expect(compare.getState().row).toBe(1);
      // Adaptive has a gap at row 1: it shows its step before it.
      expect(cursors(compare, storeOf)).toEqual([1, 1, 0]);
      compare.getState().actions.moveRow(2);
      expect(cursors(compare, storeOf)).toEqual([2, 3, 1]);
      compare.getState().actions.rowTo('last');
      const alignment = selectAlignment(compare.getState());
      const last = alignment.rows.length - 1;
      expect(compare.getState().row).toBe(last);
      // Reflection off stopped after 3 steps: it shows its last one.
      expect(storeOf(0).getState().cursor).toBe(2);
      expect(storeOf(2).getState().cursor).toBe(4);
    });

    it('moves from the end when it followed the runs, and stays within the rows', async () => {
      const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
      await compare.getState().actions.runAll();
      const rows = selectAlignment(compare.getState()).rows.length;
      compare.getState().actions.moveRow(-1);
      expect(compare.getState().row).toBe(rows - 2);
      compare.getState().actions.moveRow(99);
      expect(compare.getState().row).toBe(rows - 1);
      compare.getState().actions.moveRow(-99);
      expect(compare.getState().row).toBe(0);
    });

    it('follows a lane the user moved by itself', async () => {
      const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      storeOf(2).getState().actions.selectStep(2);
      const row = compare.getState().row;
      expect(row).toBe(selectAlignment(compare.getState()).rowOfStep[2]?.[2]);
      expect(storeOf(1).getState().cursor).not.toBeNull();
    });

    it('goes back to following the runs when a lane runs again', async () => {
      const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
      await compare.getState().actions.runAll();
      compare.getState().actions.rowTo('first');
      await compare.getState().actions.runLane(compare.getState().lanes[1]!.id);
      expect(compare.getState().row).toBeNull();
    });
  });

  describe('lanes', () => {
    it("offers a user's own scenario added later, in every lane; one deleted leaves the view", () => {
      const { compare, storeOf } = compareOn('shopops-happy', 'react-vs-reflact');
      const base = scenarios.find((scenario) => scenario.id === 'shopops-happy')!;
      const mine = { ...base, id: 'my-shop', title: 'Mine' };
      compare.getState().actions.setScenarios([...scenarios, mine]);
      compare.getState().actions.setScenario('my-shop');
      expect(compare.getState().scenarioId).toBe('my-shop');
      expect([0, 1].map((index) => storeOf(index).getState().scenarioId)).toEqual([
        'my-shop',
        'my-shop',
      ]);
      compare.getState().actions.setScenarios(scenarios);
      expect(compare.getState().scenarioId).toBe(scenarios[0]!.id);
      expect(compare.getState().scenarios.some((scenario) => scenario.id === 'my-shop')).toBe(
        false,
      );
    });

    it('adds lanes up to four, with the last lane’s settings, and keeps two', () => {
      const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
      compare.getState().actions.addLane();
      compare.getState().actions.addLane();
      compare.getState().actions.addLane();
      const { lanes } = compare.getState();
      expect(lanes.map((lane) => lane.label)).toEqual([
        'ReAct',
        'ReflAct',
        'Copy of ReflAct',
        'Copy of Copy of ReflAct',
      ]);
      expect(lanes[3]?.overrides).toEqual({ mode: 'reflact' });
      for (const lane of lanes) compare.getState().actions.removeLane(lane.id);
      expect(compare.getState().lanes).toHaveLength(2);
    });

    it('keeps the baseline on its lane when a lane before it goes', () => {
      const { compare } = compareOn('rca-search-stall', 'reflection-gating');
      compare.getState().actions.setBaseline(2);
      compare.getState().actions.removeLane(compare.getState().lanes[0]!.id);
      expect(compare.getState().baseline).toBe(1);
      expect(compare.getState().lanes[1]?.label).toBe('Adaptive');
    });

    it('measures the deltas against the chosen baseline', async () => {
      const { compare } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      compare.getState().actions.setBaseline(2);
      const summary = selectSummary(compare.getState());
      expect(summary[2]?.deltas).toBeNull();
      expect(summary[0]?.deltas?.correct.verdict).toBe('worse');
    });

    it('clears the runs and drops forks on another scenario', async () => {
      const { compare, storeOf } = compareOn('rca-search-stall', 'react-vs-reflact');
      await compare.getState().actions.runAll();
      compare.getState().actions.fork(compare.getState().lanes[0]!.id, 1);
      compare.getState().actions.setScenario('shopops-happy');
      expect(compare.getState().lanes).toHaveLength(2);
      expect(storeOf(0).getState().scenarioId).toBe('shopops-happy');
      expect(storeOf(0).getState().steps).toEqual([]);
    });
  });

  describe('forking', () => {
    it('switches the reflection gating by default', () => {
      expect(otherGating('adaptive')).toBe('off');
      expect(otherGating('off')).toBe('adaptive');
      expect(otherGating('fixed')).toBe('adaptive');
    });

    it('adds a lane after its source that replays the prefix, then goes on live', async () => {
      const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
      await compare.getState().actions.runAll();
      const source = compare.getState().lanes[2]!;
      const id = compare.getState().actions.fork(source.id, 1);
      expect(id).not.toBeNull();
      const { lanes } = compare.getState();
      expect(lanes[3]?.id).toBe(id);
      expect(lanes[3]?.label).toBe('Fork of Adaptive at step 1');
      expect(lanes[3]?.overrides.reflection?.gating).toBe('off');
      await Promise.resolve();
      await settled(compare, storeOf);
      const forked = storeOf(3).getState().trace;
      const original = storeOf(2).getState().trace;
      expect(forked?.forkedFrom).toEqual({ step: 1 });
      expect(JSON.stringify(forked?.steps[0])).toBe(JSON.stringify(original?.steps[0]));
      expect(forked?.steps[1]?.kind).toBe('action');
      expect(forked?.config.reflection.gating).toBe('off');
    });

    it('has no room for a fifth lane, nor a fork of a lane that has not run', () => {
      const { compare } = compareOn('rca-search-stall', 'reflection-gating');
      expect(compare.getState().actions.fork(compare.getState().lanes[0]!.id, 0)).toBeNull();
      compare.getState().actions.addLane();
      expect(compare.getState().actions.fork(compare.getState().lanes[0]!.id, 0)).toBeNull();
    });
  });
});

describe('compare store lane lifecycle (no React)', () => {
  it('makes a run store per lane with the lane’s settings, and owns it', () => {
    const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
    const lanes = compare.getState().lanes;
    expect(lanes.map((_, index) => storeOf(index).getState().overrides)).toEqual(
      lanes.map((lane) => lane.overrides),
    );
    expect(new Set(lanes.map((_, index) => storeOf(index))).size).toBe(3);
  });

  it('keeps a lane’s settings in its run store: the lane mirrors them', () => {
    const { compare, storeOf } = compareOn('rca-search-stall', 'react-vs-reflact');
    const id = compare.getState().lanes[0]!.id;
    compare.getState().actions.updateLane(id, { seed: 9 });
    expect(storeOf(0).getState().overrides).toEqual({ mode: 'react', seed: 9 });
    expect(compare.getState().lanes[0]!.overrides).toBe(storeOf(0).getState().overrides);
  });

  it('stops and lets go of a removed lane’s run store', async () => {
    const { compare, storeOf } = compareOn('rca-search-stall', 'reflection-gating');
    const removed = storeOf(2);
    const id = compare.getState().lanes[2]!.id;
    void compare.getState().actions.runLane(id);
    expect(removed.getState().status).toBe('running');
    compare.getState().actions.removeLane(id);
    expect(compare.laneStore(id)).toBeUndefined();
    expect(compare.getState().runs[id]).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(removed.getState().trace?.stopReason ?? 'cancelled').toBe('cancelled');
    // What the removed store does next no longer reaches the compare store.
    removed.getState().actions.reset();
    expect(compare.getState().runs[id]).toBeUndefined();
  });

  it('makes fresh run stores for a preset, and lets go of the old ones', () => {
    const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
    const before = compare.getState().lanes.map((lane) => lane.id);
    compare.getState().actions.applyPreset('guards');
    for (const id of before) expect(compare.laneStore(id)).toBeUndefined();
    expect(compare.getState().lanes.every((lane) => compare.laneStore(lane.id))).toBe(true);
  });

  it('opens given lanes in place of the ones it had, and runs them', async () => {
    const { compare } = compareOn('rca-search-stall', 'react-vs-reflact');
    compare.getState().actions.openLanes([
      { label: 'off', overrides: { reflection: { gating: 'off' } } },
      { label: 'adaptive', overrides: { reflection: { gating: 'adaptive' } } },
      { label: 'fixed', overrides: { reflection: { gating: 'fixed' } } },
    ]);
    expect(compare.getState().preset).toBeNull();
    expect(compare.getState().lanes.map((lane) => lane.label)).toEqual([
      'off',
      'adaptive',
      'fixed',
    ]);
    await settledRuns(compare);
  });

  it('stops every lane on dispose', async () => {
    const { compare, storeOf } = compareOn('rca-search-stall', 'react-vs-reflact');
    const first = storeOf(0);
    const running = compare.getState().actions.runAll();
    compare.getState().actions.dispose();
    expect(compare.getState().lanes.every((lane) => !compare.laneStore(lane.id))).toBe(true);
    await running;
    expect(first.getState().trace?.stopReason).toBe('cancelled');
  });
});
