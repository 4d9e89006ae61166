/**
 * What compare and the presenter say when two runs ended differently: which outcome is the good
 * one, and what the better one cost ("+1 call, +1,133 tokens to answer correctly"). Pure.
 */
import type { StopReason } from '../engine';
import type { LaneMetrics, Verdict } from './compare-summary';

const count = (value: number) => value.toLocaleString('en-US');

/** Words for stop reasons in a sentence ("answered, not stalled"). */
export const STOP_WORD: Readonly<Record<StopReason, string>> = {
  answer: 'answered',
  escalate: 'escalated',
  max_steps: 'out of steps',
  stalled: 'stalled',
  error: 'failed',
  cancelled: 'cancelled',
};

/**
 * Pure: whether a run reached the outcome the task wants: a correct answer, or where nothing
 * grades the answer, the stop the scenario expects.
 */
export function goodOutcome(lane: LaneMetrics, expected: StopReason): boolean {
  return lane.correct ?? lane.stopReason === expected;
}

/** What a good outcome is, as "… to <purpose>" ends: "answer correctly", "escalate as it should". */
export function outcomePurpose(lane: LaneMetrics): string {
  if (lane.stopReason === 'escalate') return 'hand the case to a person';
  if (lane.stopReason !== 'answer') return `end ${STOP_WORD[lane.stopReason]}`;
  return lane.correct === true ? 'answer correctly' : 'answer';
}

/**
 * Pure: what the better outcome cost, against the other run: "+1 call, +1,133 tokens" (calls and
 * tokens in all; "no extra calls or tokens" when it cost none).
 */
export function outcomeCost(winner: LaneMetrics, other: LaneMetrics): string {
  const calls = winner.llmCalls - other.llmCalls;
  const tokens =
    winner.promptTokens + winner.completionTokens - other.promptTokens - other.completionTokens;
  const signed = (value: number, one: string, many: string) =>
    `${value > 0 ? '+' : '−'}${count(Math.abs(value))} ${Math.abs(value) === 1 ? one : many}`;
  const parts = [
    calls !== 0 ? signed(calls, 'call', 'calls') : null,
    tokens !== 0 ? signed(tokens, 'token', 'tokens') : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(', ') : 'no extra calls or tokens';
}

/**
 * Pure: the summary's lead when a lane's outcome differs from the baseline's: the outcome first,
 * then what the better one cost ("B answered correctly where A stalled: +1 call, +1,133 tokens to
 * answer correctly"); null when both ended alike.
 */
export function outcomeLead(
  lane: { readonly label: string; readonly metrics: LaneMetrics },
  baseline: { readonly label: string; readonly metrics: LaneMetrics },
  expected: StopReason,
): string | null {
  const won = goodOutcome(lane.metrics, expected);
  if (won === goodOutcome(baseline.metrics, expected)) return null;
  const [winner, loser] = won ? [lane, baseline] : [baseline, lane];
  const ended = (metrics: LaneMetrics) =>
    metrics.stopReason === 'answer' && metrics.correct !== null
      ? metrics.correct
        ? 'answered correctly'
        : 'answered wrongly'
      : STOP_WORD[metrics.stopReason];
  const purpose = outcomePurpose(winner.metrics);
  return `${winner.label} ${ended(winner.metrics)} where ${loser.label} ${ended(loser.metrics)}: ${outcomeCost(winner.metrics, loser.metrics)} to ${purpose}.`;
}

/**
 * Pure: a spending metric's verdict when the outcomes differ (`won`: this lane has the better
 * one; null: they ended alike): the better outcome's extra spending is its `cost`, the worse
 * outcome's savings are no gain (`differs`).
 */
export function costVerdict(verdict: Verdict, won: boolean | null): Verdict {
  if (won === true && verdict === 'worse') return 'cost';
  if (won === false && verdict === 'better') return 'differs';
  return verdict;
}
