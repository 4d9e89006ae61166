/**
 * The end of a matrix as the worker posts it: the rows, then the matrix the worker built from
 * them (its scenario rows, then its columns, totals and verdicts with the `end`), in batches the
 * page takes in short tasks; `collectEnd` (eval-protocol) gathers them on the page. Pure.
 */
import type { Scenario } from '../engine';
import {
  buildEvalMatrix,
  evalVerdicts,
  withRunIds,
  type EvalRunRow,
} from '../projections/eval-matrix';
import type { EvalEndStatus, EvalRunError, EvalWorkerResponse } from './eval-protocol';

/**
 * Rows per `rows` message: moving 9,800 rows to the page in one message took ~48 ms; 500 a
 * message is a few ms each.
 */
export const ROW_BATCH = 500;
/**
 * Cell runs per `cells` message at most (a scenario row always goes whole): a 9,800-run matrix's
 * 14 scenario rows hold 700 each.
 */
export const CELL_RUN_BATCH = 1_000;

/** What the end messages are made from: the matrix's outcome, as the pool returned it. */
export interface EvalEndInput {
  readonly runId: number;
  readonly status: EvalEndStatus;
  readonly total: number;
  readonly rows: readonly EvalRunRow[];
  readonly errors: readonly EvalRunError[];
  readonly note?: string;
  readonly traced?: readonly boolean[];
  /**
   * With `traced`: the stamp the kept runs' ids are made from (`matrixRunId`); the rows and the
   * matrix then name them, so the page copies nothing to name them.
   */
  readonly keepAs?: number;
  /** The scenarios in suite order and the request's config labels: the matrix's row and column order. */
  readonly scenarios: readonly Pick<Scenario, 'id' | 'title' | 'tags'>[];
  readonly configLabels: readonly string[];
}

/** Pure: the `rows` and `cells` messages, then the `end`, for a finished (or stopped) matrix. */
export function endMessages(input: EvalEndInput): EvalWorkerResponse[] {
  const { runId, traced, keepAs } = input;
  const rows = traced && keepAs !== undefined ? withRunIds(input.rows, traced, keepAs) : input.rows;
  const messages: EvalWorkerResponse[] = [];
  for (let from = 0; from < rows.length; from += ROW_BATCH)
    messages.push({ type: 'rows', runId, from, rows: rows.slice(from, from + ROW_BATCH) });
  const { rows: scenarioRows, ...head } = buildEvalMatrix(
    rows,
    input.scenarios,
    input.configLabels,
  );
  let from = 0;
  while (from < scenarioRows.length) {
    let to = from + 1;
    let runs = scenarioRows[from]!.total.runs;
    while (to < scenarioRows.length && runs + scenarioRows[to]!.total.runs <= CELL_RUN_BATCH)
      runs += scenarioRows[to++]!.total.runs;
    messages.push({ type: 'cells', runId, from, rows: scenarioRows.slice(from, to) });
    from = to;
  }
  messages.push({
    type: 'end',
    runId,
    status: input.status,
    done: rows.length,
    total: input.total,
    matrix: head,
    verdicts: evalVerdicts(rows),
    errors: input.errors,
    ...(input.note ? { note: input.note } : {}),
    ...(input.traced ? { traced: input.traced } : {}),
  });
  return messages;
}
