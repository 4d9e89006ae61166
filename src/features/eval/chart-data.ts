/** Pure: the matrix as the charts' data, one shape per chart (the `*-geometry.ts` modules lay them out). */
import {
  REFLECTION_TRIGGERS,
  type EvalMatrix,
  type ReflectionTrigger,
} from '../../projections/eval-matrix';

/** One config in the tokens-vs-accuracy scatter. */
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

/** One scenario's mean calls, per config. */
export interface ScenarioCalls {
  readonly scenario: string;
  /** Mean LLM calls per run, one per config in column order (null: the cell has no run). */
  readonly calls: readonly (number | null)[];
}

/** Mean calls per scenario and config, to one decimal. */
export function callsByScenario(matrix: EvalMatrix): ScenarioCalls[] {
  return matrix.rows.map((row) => ({
    scenario: row.scenario.id,
    calls: matrix.configs.map((_, column) => {
      const cell = row.cells[column];
      return cell ? Math.round(cell.calls * 10) / 10 : null;
    }),
  }));
}

/** One config's reflections, summed by trigger. */
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
