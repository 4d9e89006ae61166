/** Pure: the matrix as the charts' data (one shape per chart; recharts reads plain objects). */
import {
  REFLECTION_TRIGGERS,
  type EvalMatrix,
  type ReflectionTrigger,
} from '../../projections/eval-matrix';

export interface AccuracyPoint {
  readonly label: string;
  /** Mean tokens per run. */
  readonly tokens: number;
  /** Percent correct of the graded runs. */
  readonly accuracy: number;
}

/** Tokens against accuracy, one point per config (configs with no graded run are left out). */
export function accuracyPoints(matrix: EvalMatrix): AccuracyPoint[] {
  return matrix.configs.flatMap((label, column) => {
    const summary = matrix.columns[column];
    if (!summary || summary.accuracy === null) return [];
    return [
      {
        label,
        tokens: Math.round(summary.tokens),
        accuracy: Math.round(summary.accuracy * 1000) / 10,
      },
    ];
  });
}

/** Mean calls per scenario, one key per config label: `{ scenario, 'react+off': 4, ... }`. */
export function callsByScenario(matrix: EvalMatrix): Record<string, string | number>[] {
  return matrix.rows.map((row) => {
    const entry: Record<string, string | number> = { scenario: row.scenario.id };
    row.cells.forEach((cell, column) => {
      const label = matrix.configs[column];
      if (cell && label) entry[label] = Math.round(cell.calls * 10) / 10;
    });
    return entry;
  });
}

export type TriggerBar = { readonly label: string } & Readonly<Record<ReflectionTrigger, number>>;

/** Reflections by trigger per config, summed over every run. */
export function reflectionsByTrigger(matrix: EvalMatrix): TriggerBar[] {
  return matrix.configs.map((label, column) => {
    const triggers = matrix.columns[column]?.triggers;
    const counts = Object.fromEntries(
      REFLECTION_TRIGGERS.map((trigger) => [trigger, triggers?.[trigger] ?? 0]),
    ) as Record<ReflectionTrigger, number>;
    return { label, ...counts };
  });
}
