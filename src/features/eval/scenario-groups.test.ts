import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../../scenarios';
import { groupByFirstTag, tagShortcuts } from './scenario-groups';

describe('the scenario picker', () => {
  it('groups by first tag, in suite order', () => {
    const groups = groupByFirstTag(builtinScenarios());
    expect(groups.map((g) => g.tag)).toEqual([
      'clear-cut',
      'stalling',
      'multi-hop',
      'hostile',
      'shopops',
      'attempts',
    ]);
    expect(groups.flatMap((g) => g.scenarios)).toHaveLength(builtinScenarios().length);
  });

  it('offers every tag, the largest first, with all its scenarios', () => {
    const shortcuts = tagShortcuts(builtinScenarios());
    expect(shortcuts[0]).toMatchObject({ tag: 'rca' });
    const clearCut = shortcuts.find((s) => s.tag === 'clear-cut');
    expect(clearCut?.ids).toEqual([
      'rca-checkout-latency',
      'rca-payment-errors',
      'rca-worker-oom',
      'shopops-happy',
    ]);
  });
});
