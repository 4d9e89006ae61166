import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { clampCount, runnableScenarioIds, selectionOrder } from './eval-selection';

const SCENARIOS = builtinScenarios();

describe('the eval selection', () => {
  it('clamps a count to a whole number in 1..max, with a fallback for what is not a number', () => {
    expect([0, 1.9, 7, 500].map((value) => clampCount(value, 8, 2))).toEqual([1, 1, 7, 8]);
    expect(clampCount(Number.NaN, 8, 2)).toBe(2);
    expect(clampCount(Number.POSITIVE_INFINITY, 8, 2)).toBe(2);
  });

  it('orders scenarios as the suite does and configs as they are offered, dropping unknown ones', () => {
    let offered = [{ label: 'b', overrides: {} }];
    const order = selectionOrder(SCENARIOS, () => offered);
    const [first, second] = SCENARIOS;
    expect(order.inSuiteOrder([second!.id, 'nope', first!.id])).toEqual([first!.id, second!.id]);
    expect(order.inConfigOrder(['a', 'b'])).toEqual(['b']);
    offered = [{ label: 'a', overrides: {} }, ...offered];
    expect(order.inConfigOrder(['b', 'a'])).toEqual(['a', 'b']);
  });

  it('runs no scripted replay on an endpoint', () => {
    const scripted = SCENARIOS.find((scenario) => scenario.model.kind === 'scripted')!;
    const selection = { scenarioIds: [scripted.id, 'nope'] };
    expect(runnableScenarioIds(selection, SCENARIOS, false)).toEqual([scripted.id]);
    expect(runnableScenarioIds(selection, SCENARIOS, true)).toEqual([]);
  });
});
