import { describe, expect, it } from 'vitest';
import { alignRuns } from '../../projections';
import { builtinScenarios } from '../../scenarios';
import { runScenario, scenarioConfig, type Gating } from '../../engine';
import { reflectionRowFrom, reflectionRows } from './reflection-rows';

describe('[ and ] in compare', () => {
  it('go to the rows where any lane reflects, from the top when the lanes follow their ends', () => {
    expect(reflectionRowFrom([2, 5], null, 8, 1)).toBe(2);
    expect(reflectionRowFrom([2, 5], 2, 8, 1)).toBe(5);
    expect(reflectionRowFrom([2, 5], 5, 8, 1)).toBeNull();
    expect(reflectionRowFrom([2, 5], null, 8, -1)).toBe(5);
    expect(reflectionRowFrom([2, 5], 5, 8, -1)).toBe(2);
    expect(reflectionRowFrom([2, 5], 2, 8, -1)).toBeNull();
    expect(reflectionRowFrom([], null, 8, 1)).toBeNull();
  });

  it('find the row of the adaptive lane’s reflection against a lane without one', async () => {
    const scenario = builtinScenarios().find((candidate) => candidate.id === 'rca-search-stall')!;
    const run = (gating: Gating) =>
      runScenario(scenario, scenarioConfig(scenario, { reflection: { gating } }));
    const off = await run('off');
    const adaptive = await run('adaptive');
    const lanes = [off.steps, adaptive.steps];
    const alignment = alignRuns(lanes);
    const rows = reflectionRows(alignment, lanes);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const step = alignment.rows[row]!.cells[1];
      expect(step).not.toBeNull();
      expect(adaptive.steps[step!]!.kind).toBe('reflection');
    }
  });
});
