/**
 * A matrix's traces after its end: written to the runs library by the worker itself when the
 * page asked for it (`keepIn`) and the worker can (`keepRuns`), the page told only the written
 * runs' summaries (`kept`); else, or once a write failed, posted to the page to keep (`traces`,
 * with the failure's words). Pure but for the two callbacks.
 */
import type { Scenario, Trace } from '../engine';
import { matrixRunId, type EvalRunRow } from '../projections/eval-matrix';
import type { RunRecord, RunSummary } from '../state';
import { evalRunRecord, type EvalWorkerResponse } from './eval-protocol';

/**
 * Traces per batch (a `traces` message, or a library write): ~50 short runs' traces are ~0.3 MB.
 * (10 a message was tried for the 9,800-run matrix: its long tasks stayed as long, and it made
 * five times the library transactions; docs/performance.md.)
 */
export const TRACE_BATCH = 50;

/** Writes runs to the library (the worker's own connection); answers their summaries. */
export type KeepRuns = (
  database: string,
  records: readonly RunRecord[],
) => Promise<readonly RunSummary[]>;

export interface KeptTraces {
  readonly runId: number;
  /** The request's `keepAs` (the kept runs' ids) and `keepIn` (the library's database). */
  readonly keepAs: number | undefined;
  readonly keepIn: string | undefined;
  /** The rows in job order, the traces beside them (null: none), already scrubbed of a key. */
  readonly rows: readonly EvalRunRow[];
  readonly traces: readonly (Trace | null)[];
  readonly scenarios: readonly Scenario[];
}

/** Pure: the runs of rows `from`… as library records (rows without a trace or scenario: none). */
export function traceRecords(
  at: number,
  from: number,
  rows: readonly EvalRunRow[],
  traces: readonly (Trace | null)[],
  scenarios: readonly Scenario[],
): RunRecord[] {
  return traces.flatMap((trace, index) => {
    const row = rows[from + index];
    const scenario = row && scenarios.find((known) => known.id === row.scenario);
    if (!row || !trace || !scenario) return [];
    return [evalRunRecord(matrixRunId(at, from + index), scenario, row, trace, at)];
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Keeps (or posts) the traces a batch at a time, in order; resolves when all are handled. */
export async function keepTraces(
  kept: KeptTraces,
  post: (message: EvalWorkerResponse) => void,
  keepRuns: KeepRuns | undefined,
): Promise<void> {
  const { runId, keepAs, keepIn, rows, traces, scenarios } = kept;
  let writer = keepIn !== undefined && keepAs !== undefined ? keepRuns : undefined;
  for (let from = 0; from < traces.length; from += TRACE_BATCH) {
    const batch = traces.slice(from, from + TRACE_BATCH);
    if (writer) {
      try {
        const records = traceRecords(keepAs!, from, rows, batch, scenarios);
        const summaries = records.length > 0 ? await writer(keepIn!, records) : [];
        post({ type: 'kept', runId, summaries });
        continue;
      } catch (error) {
        // The page keeps this batch and the rest itself (its library falls back to memory).
        writer = undefined;
        post({ type: 'traces', runId, from, traces: batch, problem: messageOf(error) });
        continue;
      }
    }
    post({ type: 'traces', runId, from, traces: batch });
  }
}
