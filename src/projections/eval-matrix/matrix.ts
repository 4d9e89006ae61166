/**
 * The eval matrix itself: a cell per scenario and config over its seeds, with a total per
 * scenario row, per config column and overall. Pure: rows in, view data out.
 */
import type { ConfigOverrides, Scenario } from '../../engine';
import { EVAL_OUTCOMES, groupRows, rowOverrides, runOutcome } from './rows';
import type { EvalOutcome, EvalRunRow } from './rows';
import { summarise, type EvalSummary } from './summary';

/** One run of a cell, enough to open it. */
export interface EvalCellRun {
  readonly seed: number;
  readonly outcome: EvalOutcome;
  readonly overrides: ConfigOverrides;
  /** The run kept in the library, when there is one (it opens as it was, not run again). */
  readonly run: string | null;
}

/** A cell: one scenario under one config, over its seeds. */
export interface EvalCell extends EvalSummary {
  readonly scenario: string;
  readonly label: string;
  /** The most frequent outcome (ties: the earlier in `EVAL_OUTCOMES`). */
  readonly outcome: EvalOutcome;
  readonly seeds: readonly EvalCellRun[];
}

export interface EvalMatrixRow {
  readonly scenario: {
    readonly id: string;
    readonly title: string;
    readonly tags: readonly string[];
  };
  /** One per config column; null where the matrix has no run (a cancelled matrix). */
  readonly cells: readonly (EvalCell | null)[];
  /** The scenario over every config. */
  readonly total: EvalSummary;
}

export interface EvalMatrix {
  readonly configs: readonly string[];
  readonly rows: readonly EvalMatrixRow[];
  /** Per config, over every scenario. */
  readonly columns: readonly EvalSummary[];
  readonly total: EvalSummary;
}

function dominant(outcomes: Readonly<Record<EvalOutcome, number>>): EvalOutcome {
  let best: EvalOutcome = 'error';
  let count = -1;
  for (const outcome of EVAL_OUTCOMES) {
    if (outcomes[outcome] > count) [best, count] = [outcome, outcomes[outcome]];
  }
  return best;
}

/**
 * Pure: rows → the matrix. Scenario rows follow `scenarios` (ids that ran but are not listed
 * come after, titled by id); config columns follow `configs`, then any other label seen.
 */
export function buildEvalMatrix(
  rows: readonly EvalRunRow[],
  scenarios: readonly Pick<Scenario, 'id' | 'title' | 'tags'>[] = [],
  configs: readonly string[] = [],
): EvalMatrix {
  const seenIds = new Set(rows.map((row) => row.scenario));
  const listed = scenarios.filter((scenario) => seenIds.has(scenario.id));
  const known = new Set(listed.map((scenario) => scenario.id));
  const extra = groupRows(
    rows.filter((row) => !known.has(row.scenario)),
    (row) => row.scenario,
  );
  const order = [
    ...listed.map(({ id, title, tags }) => ({ id, title, tags })),
    ...[...extra].map(([id, own]) => ({ id, title: id, tags: own[0]?.tags ?? [] })),
  ];
  const labels = [...new Set([...configs, ...rows.map((row) => row.label)])].filter((label) =>
    rows.some((row) => row.label === label),
  );
  const byCell = groupRows(rows, (row) => `${row.scenario}\u0000${row.label}`);
  const byScenario = groupRows(rows, (row) => row.scenario);
  const byLabel = groupRows(rows, (row) => row.label);
  return {
    configs: labels,
    rows: order.map((scenario) => ({
      scenario,
      cells: labels.map((label) => {
        const own = byCell.get(`${scenario.id}\u0000${label}`);
        if (!own) return null;
        const summary = summarise(own);
        return {
          ...summary,
          scenario: scenario.id,
          label,
          outcome: dominant(summary.outcomes),
          seeds: own.map((row) => ({
            seed: row.config.seed,
            outcome: runOutcome(row),
            overrides: rowOverrides(row),
            run: row.run ?? null,
          })),
        };
      }),
      total: summarise(byScenario.get(scenario.id) ?? []),
    })),
    columns: labels.map((label) => summarise(byLabel.get(label) ?? [])),
    total: summarise(rows),
  };
}
