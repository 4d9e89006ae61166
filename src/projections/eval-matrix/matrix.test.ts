import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine';
import { findBuiltin } from '../../scenarios';
import { evalPresets } from './jobs';
import { buildEvalMatrix } from './matrix';
import { runMatrix } from './testing';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

describe('a small matrix from real runs', () => {
  const scenarios = [
    builtin('rca-search-stall'),
    builtin('rca-checkout-latency'),
    builtin('shopops-hostile-loop'),
  ];
  const configs = evalPresets(['react+off', 'react+adaptive']);

  it('adds up cells, rows (per scenario) and columns (per config)', async () => {
    const rows = await runMatrix(scenarios, configs, 2);
    const matrix = buildEvalMatrix(rows, scenarios, ['react+off', 'react+adaptive']);
    expect(matrix.configs).toEqual(['react+off', 'react+adaptive']);
    expect(matrix.rows.map((row) => row.scenario.id)).toEqual(scenarios.map((s) => s.id));
    expect(matrix.rows[0]?.scenario.title).toBe(scenarios[0]?.title);

    for (const row of matrix.rows) {
      expect(row.cells.every((cell) => cell?.runs === 2)).toBe(true);
      expect(row.total.runs).toBe(4);
    }
    expect(matrix.columns.map((column) => column.runs)).toEqual([6, 6]);
    expect(matrix.total.runs).toBe(12);

    const cell = matrix.rows[1]?.cells[0];
    const own = rows.filter(
      (r) => r.scenario === 'rca-checkout-latency' && r.label === 'react+off',
    );
    const tokens = own.map((r) => r.metrics.promptTokens + r.metrics.completionTokens);
    expect(cell?.tokens).toBeCloseTo((tokens[0]! + tokens[1]!) / 2);
    expect(cell?.calls).toBeCloseTo((own[0]!.metrics.llmCalls + own[1]!.metrics.llmCalls) / 2);
    expect(cell?.outcome).toBe('correct');
    expect(cell?.seeds.map((run) => run.seed)).toEqual([1, 2]);
    expect(cell?.seeds[1]?.overrides).toEqual({
      mode: 'react',
      reflection: { gating: 'off' },
      seed: 2,
    });

    const column = matrix.columns[1]!;
    const adaptive = rows.filter((r) => r.label === 'react+adaptive');
    expect(column.correct).toBe(adaptive.filter((r) => r.correct).length);
    expect(column.accuracy).toBeCloseTo(column.correct / column.graded);
    expect(column.triggers.stall).toBe(adaptive.reduce((sum, r) => sum + r.metrics.reflections, 0));
    const outcomes = Object.values(matrix.total.outcomes).reduce((sum, n) => sum + n, 0);
    expect(outcomes).toBe(12);
  });

  it('leaves a cell empty where a cancelled matrix has no run', async () => {
    const rows = (await runMatrix(scenarios, configs)).slice(0, 3);
    const matrix = buildEvalMatrix(rows, scenarios, ['react+off', 'react+adaptive']);
    expect(matrix.rows).toHaveLength(2);
    expect(matrix.rows[1]?.cells[0]).not.toBeNull();
    expect(matrix.rows[1]?.cells[1]).toBeNull();
  });
});
