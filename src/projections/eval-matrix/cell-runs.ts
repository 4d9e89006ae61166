/**
 * The matrix's runs, named after it was built: the worker builds the matrix from rows that do
 * not yet name their kept runs (the page names them when the rows arrive), so the page stamps
 * the ids into the cells it received instead of building the matrix again. Pure.
 */
import type { EvalCell, EvalMatrix } from './matrix';
import type { EvalRunRow } from './rows';

/** The matrix without its scenario rows: what comes with the end of a matrix, after the rows. */
export type EvalMatrixHead = Omit<EvalMatrix, 'rows'>;

const keyOf = (scenario: string, label: string) => `${scenario}\u0000${label}`;

/**
 * Pure: `matrix` (built from `rows` without their runs' ids, in the same order) with each
 * cell's runs naming `rows`' kept runs, as `buildEvalMatrix(rows, …)` would; the matrix itself
 * when no row names a run.
 */
export function withCellRuns(matrix: EvalMatrix, rows: readonly EvalRunRow[]): EvalMatrix {
  if (!rows.some((row) => row.run !== undefined)) return matrix;
  // A cell's runs are its rows in row order: the k-th row of a cell is its k-th run.
  const runs = new Map<string, (string | null)[]>();
  for (const row of rows) {
    const key = keyOf(row.scenario, row.label);
    const list = runs.get(key);
    if (list) list.push(row.run ?? null);
    else runs.set(key, [row.run ?? null]);
  }
  const stamp = (cell: EvalCell | null): EvalCell | null => {
    const ids = cell && runs.get(keyOf(cell.scenario, cell.label));
    if (!cell || !ids) return cell;
    return { ...cell, seeds: cell.seeds.map((seed, k) => ({ ...seed, run: ids[k] ?? null })) };
  };
  return { ...matrix, rows: matrix.rows.map((row) => ({ ...row, cells: row.cells.map(stamp) })) };
}
