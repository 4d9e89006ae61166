import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios';
import type { Scenario } from '../../engine';
import { matrixRunId, withRunIds } from './cell-runs';
import { evalPresets } from './jobs';
import { buildEvalMatrix } from './matrix';
import { runMatrix } from './testing';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

describe('naming the kept runs of a matrix', () => {
  const scenarios = [builtin('rca-search-stall'), builtin('shopops-hostile-loop')];
  const labels = ['react+off', 'reflact+adaptive'];

  it('names each traced row by the stamp and its place; a row without a trace keeps no run', async () => {
    const rows = await runMatrix(scenarios, evalPresets(labels), 3);
    const traced = rows.map((_row, position) => position % 5 !== 4);
    const named = withRunIds(rows, traced, 1_700_000_000_000);
    expect(named[0]?.run).toBe(matrixRunId(1_700_000_000_000, 0));
    expect(named[0]?.run).toBe('eval-loyw3v28-0');
    expect(named[4]?.run).toBeUndefined();
    // The matrix built from the named rows opens each cell's own runs.
    const cell = buildEvalMatrix(named, scenarios, labels).rows[1]?.cells[1];
    expect(cell?.seeds.map((seed) => seed.run)).toEqual([
      null,
      matrixRunId(1_700_000_000_000, 10),
      matrixRunId(1_700_000_000_000, 11),
    ]);
  });
});
