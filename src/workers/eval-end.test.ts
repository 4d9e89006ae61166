import { describe, expect, it } from 'vitest';
import {
  buildEvalMatrix,
  evalPresets,
  evalVerdicts,
  matrixRunId,
  type EvalRunRow,
} from '../projections/eval-matrix';
import { runMatrix } from '../projections/eval-matrix/testing';
import { findBuiltin } from '../scenarios';
import type { Scenario } from '../engine';
import { CELL_RUN_BATCH, endMessages, ROW_BATCH } from './eval-end';
import { collectEnd, type EvalEnd } from './eval-protocol';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};
const SCENARIOS = [builtin('rca-search-stall'), builtin('shopops-hostile-loop')];
const LABELS = ['react+off', 'reflact+adaptive'];

/** 1,200 rows: 12 real runs (2 scenarios × 2 configs × 3 seeds), each a hundred times over. */
async function manyRows(): Promise<EvalRunRow[]> {
  const rows = await runMatrix(SCENARIOS, evalPresets(LABELS), 3);
  return rows.flatMap((row) => Array.from({ length: 100 }, () => row));
}

describe('the end of a matrix, as the worker posts it', () => {
  it('moves the rows and the scenario rows in batches, then the end; the page gathers the very matrix', async () => {
    const rows = await manyRows();
    const messages = endMessages({
      runId: 4,
      status: 'done',
      total: rows.length,
      rows,
      errors: [],
      scenarios: SCENARIOS,
      configLabels: LABELS,
    });
    expect(messages.map((m) => m.type)).toEqual(['rows', 'rows', 'rows', 'cells', 'cells', 'end']);
    const batches = messages.flatMap((m) => (m.type === 'rows' ? [m] : []));
    expect(batches.map((m) => [m.from, m.rows.length])).toEqual([
      [0, ROW_BATCH],
      [ROW_BATCH, ROW_BATCH],
      [2 * ROW_BATCH, rows.length - 2 * ROW_BATCH],
    ]);
    for (const m of messages)
      if (m.type === 'cells')
        expect(m.rows.reduce((runs, row) => runs + row.total.runs, 0)).toBeLessThanOrEqual(
          CELL_RUN_BATCH,
        );
    const gather = collectEnd();
    const ends = messages.map(gather);
    expect(ends.slice(0, -1)).toEqual([null, null, null, null, null]);
    const end = ends.at(-1) as EvalEnd;
    expect(end).toMatchObject({ runId: 4, status: 'done', done: 1_200, total: 1_200 });
    expect(end.rows).toEqual(rows);
    expect(end.matrix).toEqual(buildEvalMatrix(rows, SCENARIOS, LABELS));
    expect(end.verdicts).toEqual(evalVerdicts(rows));
  });

  it('with the runs kept, names each traced row’s run in the rows and in the matrix’s cells', async () => {
    const rows = await manyRows();
    const traced = rows.map((_row, position) => position !== 1);
    const stamp = 1_764_000_000_000;
    const messages = endMessages({
      runId: 2,
      status: 'done',
      total: rows.length,
      rows,
      errors: [],
      traced,
      keepAs: stamp,
      scenarios: SCENARIOS,
      configLabels: LABELS,
    });
    const end = messages.map(collectEnd()).at(-1) as EvalEnd;
    expect(end.rows[0]?.run).toBe(matrixRunId(stamp, 0));
    expect(end.rows[1]?.run).toBeUndefined();
    expect(end.rows[1_199]?.run).toBe(matrixRunId(stamp, 1_199));
    expect(end.traced).toEqual(traced);
    // Every cell opens its own rows' runs, as a matrix built from the named rows does.
    expect(end.matrix).toEqual(buildEvalMatrix(end.rows, SCENARIOS, LABELS));
    const first = end.matrix.rows[0]?.cells[0]?.seeds;
    expect(first?.slice(0, 3).map((seed) => seed.run)).toEqual([
      matrixRunId(stamp, 0),
      null,
      matrixRunId(stamp, 2),
    ]);
  });

  it('of a matrix with no rows (stopped before any run finished): the end alone, an empty matrix', () => {
    const messages = endMessages({
      runId: 1,
      status: 'stopped',
      total: 8,
      rows: [],
      errors: [],
      note: 'The first 2 runs all failed with the same error (http_401).',
      scenarios: SCENARIOS,
      configLabels: LABELS,
    });
    expect(messages.map((m) => m.type)).toEqual(['end']);
    const end = collectEnd()(messages[0]!);
    expect(end).toMatchObject({ status: 'stopped', rows: [], matrix: { configs: [], rows: [] } });
  });
});
