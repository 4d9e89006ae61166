import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig } from '../engine';
import { builtinScenarios } from '../scenarios';
import { recordOf, recordOfTrace } from './run-record';
import { createRunStore } from './run-store';

const scenarios = builtinScenarios();
const byId = (id: string) => scenarios.find((scenario) => scenario.id === id)!;

describe('a recorded run as a value', () => {
  it('opens in a run store as the run it recorded, and reads back as the same record', async () => {
    const stall = byId('rca-search-stall');
    const overrides = { reflection: { gating: 'adaptive' as const } };
    const trace = await runScenario(stall, scenarioConfig(stall, overrides));
    const record = recordOfTrace(trace, {
      id: 'from-a-file',
      scenario: stall,
      overrides,
      origin: { kind: 'imported', source: 'trace.json' },
      startedAt: 1_700_000_000_000,
    });
    const store = createRunStore({ scenarioId: 'shopops-happy' }, { scenarios });
    store.getState().actions.open(record);
    const state = store.getState();
    expect(state.scenarioId).toBe('rca-search-stall');
    expect(state.status).toBe('done');
    expect(state.steps).toBe(trace.steps);
    expect(state.path).toBe(trace.path);
    expect(state.metrics).toBe(trace.metrics);
    expect(state.phase).toBe('answered');
    expect(recordOf(state)).toEqual(record);
    expect(JSON.parse(JSON.stringify(record))).toEqual(record);
  });

  it('adds a scenario the store did not know, so a run from elsewhere shows with its own', async () => {
    const happy = byId('shopops-happy');
    const own = { ...happy, id: 'my-shop', title: 'My own shop' };
    const trace = await runScenario(own, scenarioConfig(own));
    const store = createRunStore({ scenarioId: 'shopops-happy' }, { scenarios });
    store.getState().actions.open(
      recordOfTrace(trace, {
        id: 'mine',
        scenario: own,
        origin: { kind: 'imported', source: 'mine.json' },
        startedAt: 0,
      }),
    );
    expect(store.getState().scenarios.map((scenario) => scenario.id)).toContain('my-shop');
    expect(store.getState().scenarioId).toBe('my-shop');
  });

  it('reads a live run as running, then as done with its trace, dated by the injected clock', async () => {
    let now = 5_000;
    const store = createRunStore(
      { scenarioId: 'shopops-happy' },
      { scenarios, deps: { now: () => now, newId: () => 'run-a' } },
    );
    expect(recordOf(store.getState())).toBeNull();
    const running = store.getState().actions.run();
    expect(recordOf(store.getState())).toMatchObject({
      id: 'run-a',
      status: 'running',
      trace: null,
      origin: { kind: 'live' },
      startedAt: 5_000,
      endedAt: null,
    });
    now = 6_000;
    const trace = await running;
    expect(recordOf(store.getState())).toMatchObject({
      status: 'done',
      trace,
      settings: trace?.config,
      endedAt: 6_000,
    });
  });
});
