/** The eval matrix's CSV export (RFC 4180): a header line, then one line per run. */
import type { Scenario } from '../../engine';
import type { EvalEndpointLabel } from './json';
import { runOutcome, type EvalRunRow } from './rows';

/** The CSV's columns, in order. */
export const CSV_COLUMNS = [
  'scenario',
  'title',
  'tags',
  'config',
  'mode',
  'gating',
  'seed',
  'outcome',
  'stop_reason',
  'correct',
  'llm_calls',
  'reflections',
  'reflections_cadence',
  'reflections_stall',
  'reflections_duplicate',
  'tool_calls',
  'empty_tool_calls',
  'duplicate_hits',
  'fabrication_hits',
  'prompt_tokens',
  'completion_tokens',
  'model_ms',
] as const;

/** The CSV's last two columns when the matrix ran on an endpoint: its name and model. */
export const CSV_ENDPOINT_COLUMNS = ['endpoint', 'model'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. Text that a spreadsheet would run as a formula (= + - @) gets a leading apostrophe.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Pure: the rows as CSV, a header line then one line per run (CRLF, as RFC 4180 has it); on an
 * endpoint, with its name and model as the last two columns.
 */
export function evalCsv(
  rows: readonly EvalRunRow[],
  scenarios: readonly Pick<Scenario, 'id' | 'title'>[] = [],
  endpoint: EvalEndpointLabel | null = null,
): string {
  const header = endpoint ? [...CSV_COLUMNS, ...CSV_ENDPOINT_COLUMNS] : CSV_COLUMNS;
  const tail = endpoint ? [endpoint.name, endpoint.model] : [];
  const titles = new Map(scenarios.map((scenario) => [scenario.id, scenario.title]));
  const lines = rows.map((row) => {
    const { metrics } = row;
    const fields: (string | number | boolean | null)[] = [
      row.scenario,
      titles.get(row.scenario) ?? row.scenario,
      row.tags.join(' '),
      row.label,
      row.config.mode,
      row.config.reflection.gating,
      row.config.seed,
      runOutcome(row),
      row.stopReason,
      row.correct,
      metrics.llmCalls,
      metrics.reflections,
      row.triggers.cadence,
      row.triggers.stall,
      row.triggers.duplicate,
      metrics.toolCalls,
      metrics.emptyToolCalls,
      metrics.duplicateToolHits,
      metrics.fabricationHits,
      metrics.promptTokens,
      metrics.completionTokens,
      Math.round(metrics.latencyMs),
      ...tail,
    ];
    return fields.map(csvField).join(',');
  });
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
