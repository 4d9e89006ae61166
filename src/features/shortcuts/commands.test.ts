import { describe, expect, it } from 'vitest';
import type { ConfigOverrides } from '../../engine';
import { builtinScenarios } from '../../scenarios';
import { createRunStore, type RunStore } from '../../state/run-store';
import { jumpToMark, performShortcut, shownStep, togglePlayback } from './commands';

/** A finished run of a built-in scenario, in-process on a virtual clock. */
async function finishedRun(scenarioId: string, overrides: ConfigOverrides = {}): Promise<RunStore> {
  const store = createRunStore({ scenarioId, overrides }, { scenarios: builtinScenarios() });
  await store.getState().actions.run();
  return store;
}

const at = (store: RunStore) => shownStep(store.getState());

describe('stepping through a finished stalling run (5 steps, a reflection at step 2)', () => {
  it('shows the newest step until a key moves the cursor', async () => {
    const store = await finishedRun('rca-search-stall');
    expect(store.getState().cursor).toBeNull();
    expect(at(store)).toBe(4);
    performShortcut(store, 'previous-step');
    performShortcut(store, 'previous-step');
    expect(at(store)).toBe(2);
  });

  it('Home and End go to the ends; the arrows stop there', async () => {
    const store = await finishedRun('rca-search-stall');
    performShortcut(store, 'first-step');
    performShortcut(store, 'previous-step');
    expect(at(store)).toBe(0);
    performShortcut(store, 'last-step');
    performShortcut(store, 'next-step');
    expect(at(store)).toBe(4);
  });

  it('] and [ jump between reflections and stay put when there is none', async () => {
    const store = await finishedRun('rca-search-stall');
    performShortcut(store, 'first-step');
    performShortcut(store, 'next-reflection');
    expect(at(store)).toBe(1);
    performShortcut(store, 'next-reflection');
    expect(at(store)).toBe(1);
    performShortcut(store, 'last-step');
    performShortcut(store, 'previous-reflection');
    expect(at(store)).toBe(1);
  });

  it('leaves the help dialog to the layer', async () => {
    const store = await finishedRun('rca-search-stall');
    expect(performShortcut(store, 'show-help')).toBe(false);
    expect(performShortcut(store, 'next-step')).toBe(true);
  });
});

describe('guard trips', () => {
  it('the stall exit of a run without reflection is a guard trip', async () => {
    const store = await finishedRun('rca-search-stall', { reflection: { gating: 'off' } });
    performShortcut(store, 'first-step');
    performShortcut(store, 'next-guard');
    expect(at(store)).toBe(2);
    performShortcut(store, 'previous-guard');
    expect(at(store)).toBe(2);
  });

  it('the duplicate call of the hostile run is a guard trip', async () => {
    const store = await finishedRun('shopops-hostile-loop');
    performShortcut(store, 'first-step');
    jumpToMark(store, 'guard', 1);
    expect(at(store)).toBe(1);
  });
});

describe('playback', () => {
  it('starts from the first step when the cursor is on the last, and pauses', async () => {
    const store = await finishedRun('rca-search-stall');
    togglePlayback(store);
    expect(store.getState()).toMatchObject({ playing: true, cursor: 0 });
    performShortcut(store, 'toggle-playback');
    expect(store.getState().playing).toBe(false);
  });

  it('plays on from where the cursor is', async () => {
    const store = await finishedRun('rca-search-stall');
    store.getState().actions.selectStep(2);
    togglePlayback(store);
    expect(store.getState()).toMatchObject({ playing: true, cursor: 2 });
  });

  it('does nothing before a run', () => {
    const store = createRunStore(
      { scenarioId: 'rca-search-stall' },
      { scenarios: builtinScenarios() },
    );
    togglePlayback(store);
    performShortcut(store, 'next-guard');
    expect(store.getState()).toMatchObject({ playing: false, cursor: null });
  });
});
