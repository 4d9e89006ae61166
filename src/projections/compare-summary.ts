/**
 * What a compare view says about its lanes: each lane's metrics with deltas against a baseline
 * lane (classified better, worse or same), and (from `compare-summary-steps.ts`) what differs
 * between the steps the lanes took at one aligned row. Pure: no React.
 */
import {
  gradeRun,
  type RunGrade,
  type Scenario,
  type StopReason,
  type Trace,
  type Trigger,
} from '../engine';

export {
  GAP_WORD,
  formatCall,
  stepDifferences,
  type StepAspect,
  type StepDifference,
} from './compare-summary-steps';
export {
  STOP_WORD,
  costVerdict,
  goodOutcome,
  outcomeCost,
  outcomeLead,
  outcomePurpose,
} from './compare-summary-outcome';
import { STOP_WORD, costVerdict, goodOutcome } from './compare-summary-outcome';

/** One lane's run in numbers. */
export interface LaneMetrics {
  readonly llmCalls: number;
  readonly reflections: number;
  /** What opened the reflection gates, most frequent first. */
  readonly triggers: readonly { readonly trigger: Trigger; readonly count: number }[];
  readonly toolCalls: number;
  readonly emptyToolCalls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** The time model calls took (`metrics.latencyMs`). */
  readonly timeMs: number;
  /** The run's own time noise (`timeNoise`): a time difference below it is "same". */
  readonly timeNoiseMs: number;
  readonly stopReason: StopReason;
  /** Null when the scenario states no expectation. */
  readonly correct: boolean | null;
  /** The run graded (`gradeRun`: why it is wrong); null when the scenario expects nothing. */
  readonly grade: RunGrade | null;
}

/** The metrics the summary table compares, in its column order. */
export type MetricKey =
  | 'stopReason'
  | 'correct'
  | 'llmCalls'
  | 'reflections'
  | 'toolCalls'
  | 'emptyToolCalls'
  | 'promptTokens'
  | 'completionTokens'
  | 'timeMs';

/**
 * How a lane's value compares with the baseline's; `differs` is a difference that is neither;
 * `cost` is what a lane with the better outcome spent on it (more calls to answer correctly):
 * the price of that outcome, not a loss.
 */
export type Verdict = 'better' | 'worse' | 'same' | 'differs' | 'cost';

export interface MetricDelta {
  readonly verdict: Verdict;
  /** Up (▲), down (▼) or none: how the number moved. */
  readonly arrow: '▲' | '▼' | null;
  /** How much it moved ("2", "1.4 s"); null when it did not, or is no number. */
  readonly amount: string | null;
  /** The change in words, e.g. "2 fewer", "1.4 s less", "answered, not stalled", "same". */
  readonly change: string;
}

export interface LaneSummary {
  /** Null while the lane has no finished run. */
  readonly metrics: LaneMetrics | null;
  /** Null for the baseline lane and for lanes without metrics (or a baseline without them). */
  readonly deltas: Readonly<Record<MetricKey, MetricDelta>> | null;
}

/** Pure: a finished run's metrics, graded against its scenario. */
export function laneMetrics(scenario: Scenario, trace: Trace): LaneMetrics {
  const counts = new Map<Trigger, number>();
  for (const step of trace.steps) {
    if (step.kind === 'reflection' && step.trigger) {
      counts.set(step.trigger, (counts.get(step.trigger) ?? 0) + 1);
    }
  }
  const { metrics } = trace;
  const grade = gradeRun(scenario, trace);
  return {
    llmCalls: metrics.llmCalls,
    reflections: metrics.reflections,
    triggers: [...counts]
      .map(([trigger, count]) => ({ trigger, count }))
      .sort((a, b) => b.count - a.count || a.trigger.localeCompare(b.trigger)),
    toolCalls: metrics.toolCalls,
    emptyToolCalls: metrics.emptyToolCalls,
    promptTokens: metrics.promptTokens,
    completionTokens: metrics.completionTokens,
    timeMs: metrics.latencyMs,
    timeNoiseMs: timeNoise(trace),
    stopReason: trace.stopReason,
    correct: grade?.correct ?? null,
    grade,
  };
}

const count = (value: number) => value.toLocaleString('en-US');

/** "0.8 s", "12 s", "2 min 5 s" (as the inspector's Time chip writes it). */
export function formatTime(ms: number): string {
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const SAME: MetricDelta = { verdict: 'same', arrow: null, amount: null, change: 'same' };

/** A count where fewer is better (calls, tokens, empty calls) or neither (reflections). */
function countDelta(
  value: number,
  baseline: number,
  lowerIsBetter: boolean,
  more = 'more',
  fewer = 'fewer',
): MetricDelta {
  if (value === baseline) return SAME;
  const up = value > baseline;
  const verdict: Verdict = !lowerIsBetter ? 'differs' : up ? 'worse' : 'better';
  const amount = count(Math.abs(value - baseline));
  return { verdict, arrow: up ? '▲' : '▼', amount, change: `${amount} ${up ? more : fewer}` };
}

/** Time differing by less than a tenth of a second (as it is shown) is the same. */
const TIME_SAME_MS = 50;

/**
 * Pure: a run's own time noise, in ms: how much one of its model calls' latencies varies from
 * the next (their standard deviation), so two runs whose times differ by less than one call's
 * usual variation are not told apart. On the built-in model, whose time is simulated and the
 * same on every replay, the spread is the calls' genuine differences (longer prompts take
 * longer): a gap smaller than that is no finding either. No calls, or one: no spread.
 */
export function timeNoise(trace: Trace): number {
  const latencies = trace.steps.flatMap((step) =>
    step.modelCall ? [step.modelCall.latencyMs] : [],
  );
  if (latencies.length < 2) return 0;
  const mean = latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length;
  const variance =
    latencies.reduce((sum, ms) => sum + (ms - mean) ** 2, 0) / (latencies.length - 1);
  return Math.sqrt(variance);
}

/** The time difference below which two runs' times are the same: the noisier run's noise. */
function timeTolerance(lane: LaneMetrics, baseline: LaneMetrics): number {
  return Math.max(TIME_SAME_MS, lane.timeNoiseMs, baseline.timeNoiseMs);
}

function timeDelta(value: number, baseline: number, tolerance = TIME_SAME_MS): MetricDelta {
  const difference = value - baseline;
  if (Math.abs(difference) < tolerance) return SAME;
  const up = difference > 0;
  const amount = formatTime(Math.abs(difference));
  return {
    verdict: up ? 'worse' : 'better',
    arrow: up ? '▲' : '▼',
    amount,
    change: `${amount} ${up ? 'more' : 'less'}`,
  };
}

/** The stop the scenario expects: its `expected.stopReason`, else an answer. */
export function expectedStop(scenario: Scenario): StopReason {
  return scenario.expected?.stopReason ?? 'answer';
}

function stopDelta(value: StopReason, baseline: StopReason, expected: StopReason): MetricDelta {
  if (value === baseline) return SAME;
  const change = `${STOP_WORD[value]}, not ${STOP_WORD[baseline]}`;
  if (value === expected) return { verdict: 'better', arrow: null, amount: null, change };
  if (baseline === expected) return { verdict: 'worse', arrow: null, amount: null, change };
  return { verdict: 'differs', arrow: null, amount: null, change };
}

function correctDelta(value: boolean | null, baseline: boolean | null): MetricDelta {
  if (value === baseline || value === null || baseline === null) return SAME;
  return value
    ? { verdict: 'better', arrow: null, amount: null, change: 'correct, not wrong' }
    : { verdict: 'worse', arrow: null, amount: null, change: 'wrong, not correct' };
}

/** The metrics that count what a run spent (fewer is better, all else equal). */
const COSTS: readonly MetricKey[] = [
  'llmCalls',
  'toolCalls',
  'emptyToolCalls',
  'promptTokens',
  'completionTokens',
  'timeMs',
];

/** Pure: every metric of `lane` against `baseline`. */
export function metricDeltas(
  lane: LaneMetrics,
  baseline: LaneMetrics,
  expected: StopReason,
): Record<MetricKey, MetricDelta> {
  const deltas: Record<MetricKey, MetricDelta> = {
    stopReason: stopDelta(lane.stopReason, baseline.stopReason, expected),
    correct: correctDelta(lane.correct, baseline.correct),
    llmCalls: countDelta(lane.llmCalls, baseline.llmCalls, true),
    reflections: countDelta(lane.reflections, baseline.reflections, false),
    toolCalls: countDelta(lane.toolCalls, baseline.toolCalls, true),
    emptyToolCalls: countDelta(lane.emptyToolCalls, baseline.emptyToolCalls, true),
    promptTokens: countDelta(lane.promptTokens, baseline.promptTokens, true),
    completionTokens: countDelta(lane.completionTokens, baseline.completionTokens, true),
    timeMs: timeDelta(lane.timeMs, baseline.timeMs, timeTolerance(lane, baseline)),
  };
  // When the outcomes differ, spending is judged by what it bought (`costVerdict`).
  const won = goodOutcome(lane, expected);
  if (won === goodOutcome(baseline, expected)) return deltas;
  for (const key of COSTS)
    deltas[key] = { ...deltas[key], verdict: costVerdict(deltas[key].verdict, won) };
  return deltas;
}

/**
 * Pure: each lane's metrics (null until it has a finished run) and its deltas against the lane at
 * `baseline` (none for the baseline itself).
 */
export function summariseLanes(
  scenario: Scenario,
  traces: readonly (Trace | null)[],
  baseline: number,
): LaneSummary[] {
  const metrics = traces.map((trace) => (trace ? laneMetrics(scenario, trace) : null));
  const base = metrics[baseline] ?? null;
  const expected = expectedStop(scenario);
  return metrics.map((lane, index) => ({
    metrics: lane,
    deltas: lane && base && index !== baseline ? metricDeltas(lane, base, expected) : null,
  }));
}
