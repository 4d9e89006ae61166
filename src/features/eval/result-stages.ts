/**
 * The matrix's results drawn in pieces, one after each paint: the table's scenario rows a few at
 * a time, then the three charts one by one. Drawn at once, a 9,800-run matrix's 14 × 7 table
 * (~1,400 elements) and charts (~550) were one React commit and one style and layout pass of
 * 60–270 ms on a busy 2-core machine; a piece is a fraction of that. Pure.
 */

/**
 * Matrix cells drawn per piece at most (at least one scenario row per piece): a cell is ~14
 * elements, so a piece of the table is ~300, about the largest chart's size (calls per scenario).
 */
export const CELLS_PER_STAGE = 21;
/** The charts, drawn one per piece after the table (tokens vs accuracy, triggers, calls). */
export const CHART_COUNT = 3;

/** What of the results a piece shows: the first `rows` scenario rows and the first `charts` charts. */
export interface ResultStage {
  readonly rows: number;
  readonly charts: number;
}

/**
 * Pure: the pieces a matrix of `rows` scenario rows by `columns` configs is drawn in, each
 * showing all the one before it did and more; the last shows everything. The verdicts, the
 * column totals and everything above the table come with the first.
 */
export function resultStages(rows: number, columns: number): ResultStage[] {
  const perStage = Math.max(1, Math.floor(CELLS_PER_STAGE / Math.max(1, columns)));
  const stages: ResultStage[] = [];
  let shown = 0;
  do {
    shown = Math.min(rows, shown + perStage);
    stages.push({ rows: shown, charts: 0 });
  } while (shown < rows);
  for (let charts = 1; charts <= CHART_COUNT; charts++) stages.push({ rows, charts });
  return stages;
}
