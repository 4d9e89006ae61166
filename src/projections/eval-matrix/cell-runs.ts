/**
 * The matrix's kept runs, named where the matrix is built: the worker names each row's run
 * before it builds the matrix from the rows, so the rows and the cells it posts carry the ids
 * and the page stamps nothing (a 9,800-run matrix's rows and cells copied again on the page's
 * main thread took tens of ms of the rows' task). Pure.
 */
import type { EvalMatrix } from './matrix';
import type { EvalRunRow } from './rows';

/** The matrix without its scenario rows: what comes with the end of a matrix, after the rows. */
export type EvalMatrixHead = Omit<EvalMatrix, 'rows'>;

/**
 * Pure: the id of a matrix's kept run, from the matrix's stamp (the page's clock when it was
 * started) and the run's place in the rows.
 */
export const matrixRunId = (stamp: number, position: number) =>
  `eval-${stamp.toString(36)}-${position}`;

/**
 * Pure: the rows with the ids of their kept runs (`traced` beside `rows`: the row's trace
 * follows, so its run is kept; a row without one keeps no run).
 */
export function withRunIds(
  rows: readonly EvalRunRow[],
  traced: readonly boolean[],
  stamp: number,
): EvalRunRow[] {
  return rows.map((row, position) =>
    traced[position] ? { ...row, run: matrixRunId(stamp, position) } : row,
  );
}
