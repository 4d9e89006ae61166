import { describe, expect, it } from 'vitest';
import { CELLS_PER_STAGE, CHART_COUNT, resultStages } from './result-stages';

describe('the pieces the results are drawn in', () => {
  it('draws a 14 × 7 matrix three scenario rows at a time, then each chart after the table', () => {
    expect(resultStages(14, 7)).toEqual([
      { rows: 3, charts: 0 },
      { rows: 6, charts: 0 },
      { rows: 9, charts: 0 },
      { rows: 12, charts: 0 },
      { rows: 14, charts: 0 },
      { rows: 14, charts: 1 },
      { rows: 14, charts: 2 },
      { rows: 14, charts: 3 },
    ]);
  });

  it('draws a small table whole in the first piece', () => {
    expect(resultStages(2, 2)[0]).toEqual({ rows: 2, charts: 0 });
    expect(resultStages(2, 2)).toHaveLength(1 + CHART_COUNT);
  });

  it('adds at most its share of cells a piece, one row at least, and ends with everything', () => {
    for (const [rows, columns] of [
      [1, 1],
      [15, 7],
      [9, 4],
      [3, 60],
      [100, 1],
    ] as const) {
      const stages = resultStages(rows, columns);
      expect(stages.at(-1)).toEqual({ rows, charts: CHART_COUNT });
      stages.forEach((stage, index) => {
        const before = stages[index - 1] ?? { rows: 0, charts: 0 };
        const added = stage.rows - before.rows;
        expect(stage.charts - before.charts + (added > 0 ? 1 : 0)).toBe(1);
        if (added > 0) expect(added * columns <= CELLS_PER_STAGE || added === 1).toBe(true);
      });
    }
  });

  it('shows an empty table in one piece before the charts', () => {
    expect(resultStages(0, 4)).toEqual([
      { rows: 0, charts: 0 },
      { rows: 0, charts: 1 },
      { rows: 0, charts: 2 },
      { rows: 0, charts: 3 },
    ]);
  });
});
