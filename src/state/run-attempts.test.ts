import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { createRunStore, type RunStore } from './run-store';
import { selectAttempts, selectHasAttempts, selectScopeCount } from './run-selectors';

const scenarios = builtinScenarios();

/** triage-priority-retry on its own simulated model (in-process, virtual clock), 3 attempts. */
async function triageRun(attempts = 3): Promise<RunStore> {
  const store = createRunStore(
    { scenarioId: 'triage-priority-retry', overrides: { attempts } },
    { scenarios },
  );
  await store.getState().actions.run();
  return store;
}

const at = (store: RunStore) => store.getState().cursor;

describe('selecting an attempt', () => {
  it('lists both attempts of a run that failed, reflected and succeeded', async () => {
    const store = await triageRun();
    const attempts = selectAttempts(store.getState());
    expect(attempts.map((a) => [a.attempt, a.reward, a.reflected])).toEqual([
      [1, 0, true],
      [2, 1, false],
    ]);
    expect(selectHasAttempts(store.getState())).toBe(true);
    // The same array while nothing changed (a selector React can subscribe to).
    expect(selectAttempts(store.getState())).toBe(attempts);
  });

  it('shows the attempt from its first step, and moves stay within it', async () => {
    const store = await triageRun();
    const [first, second] = selectAttempts(store.getState());
    const { actions } = store.getState();
    actions.selectAttempt(2);
    expect(store.getState().attempt).toBe(2);
    expect(at(store)).toBe(second!.firstStep);
    expect(selectScopeCount(store.getState())).toBe(second!.lastStep - second!.firstStep + 1);
    actions.moveCursor(-1);
    expect(at(store)).toBe(second!.firstStep);
    actions.cursorTo('last');
    expect(at(store)).toBe(second!.lastStep);
    actions.selectAttempt(1);
    actions.cursorTo('last');
    expect(at(store)).toBe(first!.lastStep);
    actions.moveCursor(5);
    expect(at(store)).toBe(first!.lastStep);
  });

  it('showing a step of another attempt selects that attempt; following the newest shows all', async () => {
    const store = await triageRun();
    const [first] = selectAttempts(store.getState());
    const { actions } = store.getState();
    actions.selectAttempt(2);
    actions.selectStep(first!.reflection!.step);
    expect(store.getState()).toMatchObject({ attempt: 1, cursor: first!.reflection!.step });
    actions.selectStep(null);
    expect(store.getState()).toMatchObject({ attempt: null, cursor: null });
  });

  it('"All attempts" keeps the step shown; an attempt the run lacks is ignored', async () => {
    const store = await triageRun();
    const { actions } = store.getState();
    actions.selectAttempt(2);
    const shown = at(store);
    actions.selectAttempt(null);
    expect(store.getState()).toMatchObject({ attempt: null, cursor: shown });
    actions.selectAttempt(7);
    expect(store.getState().attempt).toBeNull();
  });

  it('a new run shows all attempts again', async () => {
    const store = await triageRun();
    store.getState().actions.selectAttempt(1);
    await store.getState().actions.run();
    expect(store.getState().attempt).toBeNull();
  });

  it("the attempts read the run's own reward source: a judge run shows the judge's scores", async () => {
    const store = createRunStore(
      {
        scenarioId: 'triage-priority-retry',
        overrides: { attempts: 2, rewardSource: 'judge' },
      },
      { scenarios },
    );
    await store.getState().actions.run();
    const attempts = selectAttempts(store.getState());
    expect(attempts.map((a) => [a.rewardText, a.reflected])).toEqual([
      ['reward 0.2 · model judge', true],
      ['reward 0.9 · model judge', false],
    ]);
    expect(attempts.every((a) => a.judge !== null)).toBe(true);
  });

  it('a single-attempt run has no attempts strip', async () => {
    const store = await triageRun(1);
    expect(selectAttempts(store.getState())).toHaveLength(1);
    expect(selectHasAttempts(store.getState())).toBe(false);
  });
});
