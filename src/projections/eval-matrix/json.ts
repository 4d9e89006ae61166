/** The eval matrix's JSON export: the rows exactly as `loop eval --json` prints them. */
import type { LoopConfig, Metrics, StopReason } from '../../engine';

/** The CLI's `loop eval --json` row: exactly these keys. */
export interface EvalJsonRow {
  readonly scenario: string;
  readonly tags: readonly string[];
  readonly config: LoopConfig;
  readonly stopReason: StopReason;
  readonly correct: boolean | null;
  readonly metrics: Metrics;
}

/** Pure: rows in the shape `loop eval --json` prints. */
export function evalJsonRows(rows: readonly EvalJsonRow[]): EvalJsonRow[] {
  return rows.map(({ scenario, tags, config, stopReason, correct, metrics }) => ({
    scenario,
    tags,
    config,
    stopReason,
    correct,
    metrics,
  }));
}

/** What a matrix ran on, for its exports: a user endpoint's name and model (never its URL or key). */
export interface EvalEndpointLabel {
  readonly name: string;
  readonly model: string;
}

/**
 * Pure: the JSON export. On the built-in models, byte for byte what `loop eval --json` prints
 * for the same rows; on an endpoint, each row also says `endpoint: {name, model}`.
 */
export function evalJson(
  rows: readonly EvalJsonRow[],
  endpoint: EvalEndpointLabel | null = null,
): string {
  const json = evalJsonRows(rows);
  const labelled = endpoint
    ? json.map((row) => ({ ...row, endpoint: { name: endpoint.name, model: endpoint.model } }))
    : json;
  return `${JSON.stringify(labelled, null, 2)}\n`;
}
