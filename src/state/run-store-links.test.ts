import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { createRunStore } from './run-store';

const scenarios = builtinScenarios();
/** Scripted and in-process: three steps (action, action, answer). */
const storeOn = (scenarioId = 'shopops-happy') => createRunStore({ scenarioId }, { scenarios });

describe('a step a link names', () => {
  it('waits for the run, then is selected when the run records it', async () => {
    const store = storeOn();
    const { actions } = store.getState();
    actions.awaitStep(1);
    expect(store.getState()).toMatchObject({ awaitedStep: 1, cursor: null });
    const atStepTwo: (number | null)[] = [];
    store.subscribe((state) => {
      if (state.steps.length === 3) atStepTwo.push(state.cursor);
    });
    await actions.run();
    expect(store.getState()).toMatchObject({ awaitedStep: null, cursor: 1, status: 'done' });
    // Selected as step 1 arrived, before the run went on to step 2.
    expect(atStepTwo[0]).toBe(1);
  });

  it('is selected at once when the run already has it', async () => {
    const store = storeOn();
    await store.getState().actions.run();
    store.getState().actions.awaitStep(2);
    expect(store.getState()).toMatchObject({ awaitedStep: null, cursor: 2 });
  });

  it('becomes the last step when the run ended short of it', async () => {
    const store = storeOn();
    store.getState().actions.awaitStep(40);
    await store.getState().actions.run();
    expect(store.getState()).toMatchObject({ awaitedStep: null, cursor: 2 });
  });

  it('is forgotten when the user picks a step, another scenario, or resets', () => {
    const store = storeOn();
    const { actions } = store.getState();
    actions.awaitStep(3);
    actions.selectStep(null);
    expect(store.getState().awaitedStep).toBeNull();
    actions.awaitStep(3);
    actions.selectScenario('rca-search-stall');
    expect(store.getState().awaitedStep).toBeNull();
    actions.awaitStep(3);
    actions.reset();
    expect(store.getState().awaitedStep).toBeNull();
  });
});
