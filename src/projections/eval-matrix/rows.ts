/**
 * The eval matrix's rows: one finished (or failed) run summed up, what it came to as a reader
 * names it, and the overrides that reproduce it. Pure: the caller runs each job and hands over
 * the trace.
 */
import {
  DEFAULT_CONFIG,
  isCorrect,
  ZERO_METRICS,
  type ConfigOverrides,
  type LoopConfig,
  type Metrics,
  type StopReason,
  type Trace,
} from '../../engine';
import type { EvalJob } from './jobs';

/** The reflection triggers a matrix counts (a high-confidence early answer is not a reflection). */
export const REFLECTION_TRIGGERS = ['cadence', 'stall', 'duplicate'] as const;
export type ReflectionTrigger = (typeof REFLECTION_TRIGGERS)[number];
export type TriggerCounts = Readonly<Record<ReflectionTrigger, number>>;

/** One run's summary: the CLI's row (`label` and `triggers` stay out of its JSON). */
export interface EvalRunRow {
  readonly scenario: string;
  readonly tags: readonly string[];
  readonly config: LoopConfig;
  readonly label: string;
  readonly stopReason: StopReason;
  readonly correct: boolean | null;
  readonly metrics: Metrics;
  /** Reflection steps by what opened their gate. */
  readonly triggers: TriggerCounts;
  /** The id of the run kept in the library (the browser's matrix): a cell opens that very run. */
  readonly run?: string;
}

/** Pure: a fresh count of zero reflections per trigger. */
export const noTriggers = (): Record<ReflectionTrigger, number> => ({
  cadence: 0,
  stall: 0,
  duplicate: 0,
});

/** Pure: a finished run as a matrix row (graded against the scenario's `expected`). */
export function summariseRun(job: Pick<EvalJob, 'scenario' | 'label'>, trace: Trace): EvalRunRow {
  const triggers = noTriggers();
  for (const step of trace.steps) {
    if (step.kind === 'reflection' && step.trigger && step.trigger in triggers)
      triggers[step.trigger as ReflectionTrigger]++;
  }
  return {
    scenario: job.scenario.id,
    tags: job.scenario.tags,
    config: trace.config,
    label: job.label,
    stopReason: trace.stopReason,
    correct: isCorrect(job.scenario, trace),
    metrics: trace.metrics,
    triggers,
  };
}

/** Pure: the row of a run that threw before it could finish (stop reason `error`, no metrics). */
export function failedRunRow(job: Pick<EvalJob, 'scenario' | 'label' | 'config'>): EvalRunRow {
  return {
    scenario: job.scenario.id,
    tags: job.scenario.tags,
    config: job.config,
    label: job.label,
    stopReason: 'error',
    correct: job.scenario.expected ? false : null,
    metrics: ZERO_METRICS,
    triggers: noTriggers(),
  };
}

/** What a run came to, as a reader names it. */
export type EvalOutcome =
  'correct' | 'wrong' | 'escalated' | 'stalled' | 'out-of-steps' | 'error' | 'answered';

/** Outcomes in display order; `answered` is an answer to a scenario that has no `expected`. */
export const EVAL_OUTCOMES: readonly EvalOutcome[] = [
  'correct',
  'wrong',
  'escalated',
  'stalled',
  'out-of-steps',
  'error',
  'answered',
];

/** Pure: a correct run is `correct` whatever its stop (a hostile scenario should escalate). */
export function runOutcome(row: Pick<EvalRunRow, 'stopReason' | 'correct'>): EvalOutcome {
  if (row.stopReason === 'error' || row.stopReason === 'cancelled') return 'error';
  if (row.correct === true) return 'correct';
  if (row.stopReason === 'escalate') return 'escalated';
  if (row.stopReason === 'stalled') return 'stalled';
  if (row.stopReason === 'max_steps') return 'out-of-steps';
  return row.correct === false ? 'wrong' : 'answered';
}

/**
 * Pure: the overrides that reproduce a row's run: its mode, gating and seed, and every other
 * setting where it differs from the defaults (a saved setting's interval, an endpoint's protocol).
 */
export function rowOverrides(row: Pick<EvalRunRow, 'config'>): ConfigOverrides {
  const { mode, reflection, seed, ...rest } = row.config;
  const { gating, ...otherReflection } = reflection;
  const differs = <T extends object>(values: T, defaults: T) =>
    Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => value !== (defaults as Record<string, unknown>)[key],
      ),
    ) as Partial<T>;
  return {
    mode,
    reflection: { gating, ...differs(otherReflection, DEFAULT_CONFIG.reflection) },
    ...differs(rest, DEFAULT_CONFIG),
    seed,
  };
}

/** Pure: rows grouped by a key, groups in order of first appearance, rows in their order. */
export function groupRows<K>(
  rows: readonly EvalRunRow[],
  key: (row: EvalRunRow) => K,
): Map<K, EvalRunRow[]> {
  const groups = new Map<K, EvalRunRow[]>();
  for (const row of rows) {
    const groupKey = key(row);
    const list = groups.get(groupKey);
    if (list) list.push(row);
    else groups.set(groupKey, [row]);
  }
  return groups;
}
