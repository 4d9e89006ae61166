import { describe, expect, it } from 'vitest';
import { previousValues, type ShownRun } from './previous-run';

const run = (
  key: number,
  config: string,
  calls: string,
  scenario = 'rca-search-stall',
): ShownRun => ({
  key,
  scenario,
  config,
  chips: [
    { name: 'LLM calls', value: calls, tone: 'neutral' },
    { name: 'Tool calls', value: '3', tone: 'neutral' },
  ],
});

describe('the previous run beside this one', () => {
  it('keeps the values that changed after a settings change', () => {
    expect(previousValues(run(2, 'threshold 2', '5'), run(1, 'threshold 1', '4'))).toEqual({
      'LLM calls': '4',
    });
  });

  it('says nothing for the same settings, another scenario or the first run', () => {
    expect(previousValues(run(2, 'a', '5'), run(1, 'a', '4'))).toEqual({});
    expect(previousValues(run(2, 'b', '5'), run(1, 'a', '4', 'returns-laptop'))).toEqual({});
    expect(previousValues(run(1, 'a', '5'), null)).toEqual({});
  });
});
