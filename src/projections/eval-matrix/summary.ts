/** Any set of eval rows summed up: outcome counts, accuracy over graded runs, means per run. */
import { EVAL_OUTCOMES, REFLECTION_TRIGGERS, noTriggers, runOutcome } from './rows';
import type { EvalOutcome, EvalRunRow, TriggerCounts } from './rows';

/** Runs summed up: outcome counts, accuracy over graded runs, means per run. */
export interface EvalSummary {
  readonly runs: number;
  readonly outcomes: Readonly<Record<EvalOutcome, number>>;
  readonly graded: number;
  readonly correct: number;
  /** correct / graded, 0..1; null when no run was graded. */
  readonly accuracy: number | null;
  readonly calls: number;
  readonly reflections: number;
  /** Reflections by trigger, summed over the runs (not a mean). */
  readonly triggers: TriggerCounts;
  readonly tokens: number;
  /** Model time per run, ms (simulated time on a virtual clock). */
  readonly latencyMs: number;
}

/** Pure: the summary of any set of rows (empty: zero runs, null accuracy, zero means). */
export function summarise(rows: readonly EvalRunRow[]): EvalSummary {
  const outcomes = Object.fromEntries(EVAL_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    EvalOutcome,
    number
  >;
  const triggers = noTriggers();
  let graded = 0;
  let correct = 0;
  let calls = 0;
  let reflections = 0;
  let tokens = 0;
  let latencyMs = 0;
  for (const row of rows) {
    outcomes[runOutcome(row)]++;
    if (row.correct !== null) graded++;
    if (row.correct === true) correct++;
    calls += row.metrics.llmCalls;
    reflections += row.metrics.reflections;
    tokens += row.metrics.promptTokens + row.metrics.completionTokens;
    latencyMs += row.metrics.latencyMs;
    for (const trigger of REFLECTION_TRIGGERS) triggers[trigger] += row.triggers[trigger];
  }
  const runs = rows.length;
  const mean = (total: number) => (runs ? total / runs : 0);
  return {
    runs,
    outcomes,
    graded,
    correct,
    accuracy: graded ? correct / graded : null,
    calls: mean(calls),
    reflections: mean(reflections),
    triggers,
    tokens: mean(tokens),
    latencyMs: mean(latencyMs),
  };
}
