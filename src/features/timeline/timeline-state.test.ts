import { describe, expect, it } from 'vitest';
import type { ConfigOverrides } from '../../engine';
import { builtinScenarios } from '../../scenarios';
import { createRunStore, type RunStore } from '../../state/run-store';
import { advancePlayback, nearestSpeed } from './playback';
import { cursorView, NAV, selectNavigation } from './selectors';

async function finishedRun(scenarioId: string, overrides: ConfigOverrides = {}): Promise<RunStore> {
  const store = createRunStore({ scenarioId, overrides }, { scenarios: builtinScenarios() });
  await store.getState().actions.run();
  return store;
}

const has = (store: RunStore, bit: number) => (selectNavigation(store.getState()) & bit) !== 0;

describe('the step text', () => {
  it('asks for a run before the first one', () => {
    const store = createRunStore(
      { scenarioId: 'rca-search-stall' },
      { scenarios: builtinScenarios() },
    );
    expect(cursorView(store.getState())).toEqual({ index: null, text: 'No steps yet' });
  });

  it('names the step the cursor is on', async () => {
    const store = await finishedRun('rca-search-stall');
    expect(cursorView(store.getState())).toEqual({ index: 4, text: 'Step 4 · 5 of 5 · answer' });
    store.getState().actions.selectStep(1);
    expect(cursorView(store.getState()).text).toBe('Step 1 · 2 of 5 · reflection (stall)');
  });

  it('names a guard that tripped without denying the step (the stall exit)', async () => {
    const store = await finishedRun('rca-search-stall', { reflection: { gating: 'off' } });
    expect(cursorView(store.getState()).text).toBe(
      'Step 2 · 3 of 3 · empty action · get_metrics · stall guard tripped',
    );
  });
});

describe('the toolbar moves', () => {
  it('offers back, not forward, on the last step; the reverse on the first', async () => {
    const store = await finishedRun('rca-search-stall');
    expect(has(store, NAV.back)).toBe(true);
    expect(has(store, NAV.forward)).toBe(false);
    expect(has(store, NAV.previousReflection)).toBe(true);
    expect(has(store, NAV.nextReflection)).toBe(false);
    store.getState().actions.cursorTo('first');
    expect(has(store, NAV.back)).toBe(false);
    expect(has(store, NAV.forward)).toBe(true);
    expect(has(store, NAV.nextReflection)).toBe(true);
    expect(has(store, NAV.nextGuard)).toBe(false);
  });

  it('stays the same number while the cursor moves between marks (no toolbar re-render)', async () => {
    const store = await finishedRun('rca-search-stall');
    store.getState().actions.selectStep(2);
    const at2 = selectNavigation(store.getState());
    store.getState().actions.selectStep(3);
    expect(selectNavigation(store.getState())).toBe(at2);
  });

  it('offers nothing before a run', () => {
    const store = createRunStore(
      { scenarioId: 'rca-search-stall' },
      { scenarios: builtinScenarios() },
    );
    expect(selectNavigation(store.getState())).toBe(0);
  });
});

describe('playback', () => {
  it('advances one step a tick and stops on the last step of a finished run', async () => {
    const store = await finishedRun('rca-search-stall');
    store.getState().actions.selectStep(2);
    store.getState().actions.setPlaying(true);
    advancePlayback(store);
    expect(store.getState()).toMatchObject({ cursor: 3, playing: true });
    advancePlayback(store);
    advancePlayback(store);
    expect(store.getState()).toMatchObject({ cursor: 4, playing: false });
  });

  it('maps any interval to the nearest speed on offer', () => {
    expect(nearestSpeed(700)).toBe('700');
    expect(nearestSpeed(200)).toBe('175');
    expect(nearestSpeed(5000)).toBe('1400');
  });
});
