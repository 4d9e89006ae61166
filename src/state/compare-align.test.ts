import { describe, expect, it } from 'vitest';
import { alignAgainst, alignSignaturesAgainst } from '../projections/align';
import { builtinScenarios } from '../scenarios';
import {
  createCompareStore,
  selectAligning,
  selectAlignment,
  type Aligner,
  type CompareStore,
} from './compare-store';
import { laneSteps } from './compare-align';

const scenarios = builtinScenarios();

/**
 * An aligner as the align worker is one: the same pure alignment, answered in a later task,
 * held until `release` when `hold` is set, so the view's "Aligning…" state can be seen.
 */
function laterAligner(hold = false) {
  const held: (() => void)[] = [];
  let asked = 0;
  const aligner: Aligner = (signatures, baseline) =>
    new Promise((resolve) => {
      asked += 1;
      const answer = () => resolve(alignSignaturesAgainst(signatures, baseline));
      if (hold) held.push(answer);
      else setTimeout(answer, 0);
    });
  const release = () => held.splice(0).forEach((answer) => answer());
  return { aligner, release, asked: () => asked };
}

async function until(check: () => boolean, what: string) {
  for (let tries = 0; tries < 400; tries++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`never: ${what}`);
}

const done = (compare: CompareStore) => {
  const { lanes, runs } = compare.getState();
  return lanes.every((lane) => runs[lane.id]?.status === 'done');
};

describe('compare alignment through an aligner', () => {
  it('shows the same rows as aligning in the page, once the aligner answers', async () => {
    const { aligner } = laterAligner();
    // From 1 step: every run here goes through the aligner, as a 2,000-step one would.
    const compare = createCompareStore({
      scenarios,
      scenarioId: 'rca-search-stall',
      preset: 'reflection-gating',
      aligner,
      alignOffThreadFrom: 1,
    });
    await compare.getState().actions.runAll();
    await until(() => done(compare), 'the lanes finished');
    await until(() => !selectAligning(compare.getState()), 'the aligner answered');
    const steps = laneSteps(compare.getState());
    expect(steps.every((lane) => lane.length > 0)).toBe(true);
    expect(selectAlignment(compare.getState())).toEqual(alignAgainst(steps, 0));
    compare.getState().actions.setBaseline(1);
    expect(selectAligning(compare.getState())).toBe(true);
    await until(() => !selectAligning(compare.getState()), 'the aligner answered again');
    expect(selectAlignment(compare.getState())).toEqual(alignAgainst(steps, 1));
  });

  it('says it is aligning, with no rows, until the aligner answers', async () => {
    const { aligner, release, asked } = laterAligner(true);
    const compare = createCompareStore({
      scenarios,
      scenarioId: 'rca-search-stall',
      aligner,
      alignOffThreadFrom: 1,
    });
    await compare.getState().actions.runAll();
    await until(() => done(compare), 'the lanes finished');
    // One alignment at a time: the lanes' later steps wait for the first answer.
    expect(asked()).toBe(1);
    await until(() => selectAligning(compare.getState()), 'aligning');
    release();
    await until(() => asked() === 2, 'the lanes as they are now sent');
    release();
    await until(() => !selectAligning(compare.getState()), 'the aligner answered');
    const steps = laneSteps(compare.getState());
    expect(selectAlignment(compare.getState())).toEqual(alignAgainst(steps, 0));
  });

  it('aligns short runs in the page when they are under the threshold', async () => {
    const { aligner, asked } = laterAligner();
    const compare = createCompareStore({ scenarios, scenarioId: 'rca-search-stall', aligner });
    await compare.getState().actions.runAll();
    await until(() => done(compare), 'the lanes finished');
    expect(selectAligning(compare.getState())).toBe(false);
    expect(selectAlignment(compare.getState()).rows.length).toBeGreaterThan(0);
    expect(asked()).toBe(0);
  });

  it('aligns in the page when the aligner fails, losing nothing', async () => {
    const aligner: Aligner = () => Promise.reject(new Error('the worker did not load'));
    const compare = createCompareStore({
      scenarios,
      scenarioId: 'rca-search-stall',
      aligner,
      alignOffThreadFrom: 1,
    });
    await compare.getState().actions.runAll();
    await until(() => done(compare), 'the lanes finished');
    await until(() => !selectAligning(compare.getState()), 'aligned in the page');
    const steps = laneSteps(compare.getState());
    expect(selectAlignment(compare.getState())).toEqual(alignAgainst(steps, 0));
  });
});
