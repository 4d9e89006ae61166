import { describe, expect, it } from 'vitest';
import { runScenario } from '../../engine';
import {
  buildEvalJobs,
  buildEvalMatrix,
  evalPresets,
  summariseRun,
  type EvalRunRow,
} from '../../projections/eval-matrix';
import { findBuiltin } from '../../scenarios';
import { accuracyPoints, callsByScenario, reflectionsByTrigger } from './chart-data';

async function matrix() {
  const scenarios = ['rca-search-stall', 'shopops-happy'].map((id) => findBuiltin(id)!);
  const rows: EvalRunRow[] = [];
  for (const job of buildEvalJobs(scenarios, evalPresets(['react+off', 'react+fixed']))) {
    rows.push(summariseRun(job, await runScenario(job.scenario, job.config)));
  }
  return { rows, matrix: buildEvalMatrix(rows, scenarios, ['react+off', 'react+fixed']) };
}

describe('chart data', () => {
  it('tokens vs accuracy: one point per config, percent correct', async () => {
    const { matrix: m } = await matrix();
    const points = accuracyPoints(m);
    expect(points.map((p) => p.label)).toEqual(['react+off', 'react+fixed']);
    expect(points[1]?.accuracy).toBe(100);
    expect(points[1]?.tokens).toBe(Math.round(m.columns[1]!.tokens));
  });

  it('calls per scenario: one mean per config, in column order', async () => {
    const { matrix: m } = await matrix();
    const data = callsByScenario(m);
    expect(data.map((entry) => entry.scenario)).toEqual(['rca-search-stall', 'shopops-happy']);
    expect(data[0]?.calls).toHaveLength(2);
    expect(data[0]?.calls[1]).toBe(m.rows[0]?.cells[1]?.calls);
  });

  it('reflections by trigger: summed per config', async () => {
    const { rows, matrix: m } = await matrix();
    const bars = reflectionsByTrigger(m);
    const fixed = rows.filter((row) => row.label === 'react+fixed');
    expect(bars[1]).toEqual({
      label: 'react+fixed',
      cadence: fixed.reduce((sum, row) => sum + row.triggers.cadence, 0),
      stall: fixed.reduce((sum, row) => sum + row.triggers.stall, 0),
      duplicate: 0,
    });
    expect(bars[0]).toEqual({ label: 'react+off', cadence: 0, stall: 0, duplicate: 0 });
  });
});
