import { describe, expect, it } from 'vitest';
import { findBuiltin } from '../../scenarios';
import type { Scenario } from '../../engine';
import { withCellRuns } from './cell-runs';
import { evalPresets } from './jobs';
import { buildEvalMatrix } from './matrix';
import { runMatrix } from './testing';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

describe('naming the kept runs in a matrix built before they had ids', () => {
  const scenarios = [builtin('rca-search-stall'), builtin('shopops-hostile-loop')];
  const labels = ['react+off', 'reflact+adaptive'];

  it('every cell opens the run of its own row, as a matrix built from the named rows does', async () => {
    const rows = await runMatrix(scenarios, evalPresets(labels), 3);
    // Some rows keep no run (their run threw, or their scenario is not known to the library).
    const named = rows.map((row, position) =>
      position % 5 === 4 ? row : { ...row, run: `eval-x-${position}` },
    );
    const stamped = withCellRuns(buildEvalMatrix(rows, scenarios, labels), named);
    expect(stamped).toEqual(buildEvalMatrix(named, scenarios, labels));
    const cell = stamped.rows[1]?.cells[1];
    expect(cell?.seeds.map((seed) => seed.run)).toEqual([null, 'eval-x-10', 'eval-x-11']);
    expect(stamped.rows[0]?.cells[1]?.seeds[1]?.run).toBeNull();
  });

  it('leaves a matrix whose rows name no run as it is', async () => {
    const rows = await runMatrix(scenarios, evalPresets(labels));
    const matrix = buildEvalMatrix(rows, scenarios, labels);
    expect(withCellRuns(matrix, rows)).toBe(matrix);
  });
});
