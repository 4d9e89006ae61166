/** The run store's inspector side: the cursor, jumps, Pause/Step, settings and contexts. */
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { createRunStore } from './run-store';

const scenarios = builtinScenarios();
/** In-process models on the virtual clock (the store's default): no network, no waiting. */
const storeFor = (scenarioId: string) => createRunStore({ scenarioId }, { scenarios });

/** Resolves once the live run has recorded `count` steps. */
const recorded = (store: ReturnType<typeof storeFor>, count: number) =>
  new Promise<void>((resolve) => {
    if (store.getState().steps.length >= count) resolve();
    const unsubscribe = store.subscribe((state) => {
      if (state.steps.length >= count) {
        unsubscribe();
        resolve();
      }
    });
  });

describe('the inspector side of the run store', () => {
  it('follows the newest step until the user moves the cursor, and clamps it', async () => {
    const store = storeFor('rca-search-stall');
    await store.getState().actions.run();
    const { steps } = store.getState();
    expect(store.getState().cursor).toBeNull();
    store.getState().actions.moveCursor(-1);
    expect(store.getState().cursor).toBe(steps.length - 2);
    store.getState().actions.cursorTo('first');
    store.getState().actions.moveCursor(-5);
    expect(store.getState().cursor).toBe(0);
    store.getState().actions.cursorTo('last');
    store.getState().actions.moveCursor(3);
    expect(store.getState().cursor).toBe(steps.length - 1);
  });

  it('jumps to the next and previous reflection and guard decision', async () => {
    const store = storeFor('rca-search-stall');
    await store.getState().actions.run();
    const kinds = store.getState().steps.map((step) => step.kind);
    store.getState().actions.cursorTo('first');
    store.getState().actions.jumpTo('reflection', 1);
    expect(kinds[store.getState().cursor ?? -1]).toBe('reflection');
    const at = store.getState().cursor;
    store.getState().actions.jumpTo('reflection', 1);
    expect(store.getState().cursor).toBe(at);
    const hostile = storeFor('shopops-hostile-loop');
    await hostile.getState().actions.run();
    hostile.getState().actions.cursorTo('first');
    hostile.getState().actions.jumpTo('guard', 1);
    const step = hostile.getState().steps[hostile.getState().cursor ?? -1];
    expect(step?.decision.policy).toEqual({ outcome: 'denied', reason: 'duplicate_tool_call' });
  });

  it('counts a stall exit as a guard trip, though it denies nothing', async () => {
    const store = storeFor('rca-search-stall');
    store.getState().actions.updateOverrides({ reflection: { gating: 'off' } });
    await store.getState().actions.run();
    const last = store.getState().steps.length - 1;
    store.getState().actions.cursorTo('first');
    store.getState().actions.jumpTo('guard', 1);
    expect(store.getState().cursor).toBe(last);
  });

  it('Step runs one model call at a time; Resume lets the run finish', async () => {
    const store = storeFor('rca-checkout-latency');
    store.getState().actions.step();
    await recorded(store, 1);
    expect(store.getState()).toMatchObject({ status: 'running', paused: true });
    expect(store.getState().steps).toHaveLength(1);
    store.getState().actions.step();
    await recorded(store, 2);
    expect(store.getState().steps).toHaveLength(2);
    store.getState().actions.resume();
    await new Promise<void>((resolve) =>
      store.subscribe((state) => state.status === 'done' && resolve()),
    );
    expect(store.getState().trace?.stopReason).toBe('answer');
  });

  it('Stop ends a paused run as cancelled with what it recorded', async () => {
    const store = storeFor('rca-checkout-latency');
    store.getState().actions.step();
    await recorded(store, 1);
    store.getState().actions.stop();
    await new Promise<void>((resolve) =>
      store.subscribe((state) => state.status === 'done' && resolve()),
    );
    expect(store.getState().trace?.stopReason).toBe('cancelled');
    expect(store.getState().steps).toHaveLength(1);
  });

  it('keeps the exact context of every call, live and after the run', async () => {
    const store = storeFor('rca-checkout-latency');
    store.getState().actions.step();
    await recorded(store, 1);
    const live = store.getState().conversations[0] ?? [];
    expect(live.map((message) => message.role)).toEqual(['system', 'user']);
    store.getState().actions.resume();
    await new Promise<void>((resolve) =>
      store.subscribe((state) => state.status === 'done' && resolve()),
    );
    const last = store.getState().steps.at(-1)?.modelCall?.context;
    expect(store.getState().conversations[last?.conversation ?? -1]?.length).toBeGreaterThanOrEqual(
      last?.length ?? 1,
    );
    expect(store.getState().path.at(-1)?.transition).toBe('answer-accepted');
  });

  it("forks a recorded run: the prefix replayed, the rest live under the lane's own settings", async () => {
    const source = storeFor('rca-search-stall');
    const trace = await source.getState().actions.run();
    if (!trace) throw new Error('no trace');
    const lane = storeFor('rca-search-stall');
    lane.getState().actions.updateOverrides({ reflection: { gating: 'off' } });
    const forked = await lane.getState().actions.run({ fork: { trace, atStep: 1 } });
    expect(forked?.forkedFrom).toEqual({ step: 1 });
    expect(forked?.steps[0]).toEqual(trace.steps[0]);
    expect(forked?.stopReason).toBe('stalled');
    expect(lane.getState().steps[0]).toEqual(trace.steps[0]);
  });

  it('reports a fork that cannot be made by its code', async () => {
    const source = storeFor('shopops-happy');
    const trace = await source.getState().actions.run();
    if (!trace) throw new Error('no trace');
    const lane = storeFor('shopops-happy');
    await lane.getState().actions.run({ fork: { trace, atStep: 42 } });
    expect(lane.getState().error?.code).toBe('fork_out_of_range');
  });

  it('merges settings changes field by field and resets them', () => {
    const store = storeFor('rca-search-stall');
    store.getState().actions.updateOverrides({ reflection: { gating: 'fixed' } });
    store.getState().actions.updateOverrides({ reflection: { interval: 2 }, maxSteps: 5 });
    expect(store.getState().overrides).toEqual({
      reflection: { gating: 'fixed', interval: 2 },
      maxSteps: 5,
    });
    store.getState().actions.resetOverrides();
    expect(store.getState().overrides).toEqual({});
  });
});
