/**
 * The presenter's closing slide: how each lane's run ended in words, the second lane's numbers
 * against the first's, and one verdict sentence on what it did and what that cost. Pure.
 */
import type { Scenario } from '../engine';
import type { CaptionLane } from './captions';
import {
  costVerdict,
  expectedStop,
  formatTime,
  goodOutcome,
  metricDeltas,
  laneMetrics,
  outcomeCost,
  outcomePurpose,
  type LaneMetrics,
  type Verdict,
} from './compare-summary';

/** How a lane's run ended, for people who do not build agents. */
export type OutcomeKind =
  'correct' | 'wrong' | 'answered' | 'stalled' | 'escalated' | 'out-of-steps' | 'failed';

export interface LaneOutcome {
  readonly label: string;
  readonly kind: OutcomeKind;
  /** True for the outcome the task wants, false for another, null when ungraded. */
  readonly good: boolean | null;
  /** The outcome in a few words ("Correct answer", "Stalled: no answer"). */
  readonly words: string;
}

export type ClosingMetricKey = 'llmCalls' | 'reflections' | 'toolCalls' | 'tokens' | 'timeMs';

/** One number of the closing slide: both lanes' values and the second's change. */
export interface ClosingMetric {
  readonly key: ClosingMetricKey;
  readonly label: string;
  /** The first lane's value and the second's, as text. */
  readonly values: readonly [string, string];
  /** The change, signed ("+1", "−834", "+5.7 s", "0"). */
  readonly amount: string;
  /** The change in words ("1 more", "834 fewer", "same"). */
  readonly change: string;
  readonly verdict: Verdict;
}

export interface ClosingSlide {
  readonly lanes: readonly LaneOutcome[];
  readonly metrics: readonly ClosingMetric[];
  /**
   * One sentence: what the second lane did against the first, and what it cost (when the
   * outcomes differ, only what it did: `cost` says the cost).
   */
  readonly verdict: string;
  /**
   * When the lanes ended differently: what the better outcome cost and bought ("+1 call, +1,133
   * tokens to answer correctly"), and the words a `cost` number carries ("to answer correctly").
   */
  readonly cost: { readonly words: string; readonly purpose: string } | null;
  /** What a number means where it could mislead (ReflAct's state reflection), else null. */
  readonly note: string | null;
}

const count = (value: number) => value.toLocaleString('en-US');

/** Pure: how a lane's run ended, in words. */
export function laneOutcome(scenario: Scenario, label: string, metrics: LaneMetrics): LaneOutcome {
  const expected = expectedStop(scenario);
  const good = metrics.correct;
  const make = (kind: OutcomeKind, words: string): LaneOutcome => ({ label, kind, good, words });
  switch (metrics.stopReason) {
    case 'answer':
      if (good === null) return make('answered', 'Answered');
      return good ? make('correct', 'Correct answer') : make('wrong', 'Wrong answer');
    case 'escalate':
      return expected === 'escalate' && good !== false
        ? make('escalated', 'Handed to a person, as it should')
        : make('escalated', 'Escalated: handed to a person');
    case 'stalled':
      return make('stalled', 'Stalled: no answer');
    case 'max_steps':
      return make('out-of-steps', 'Out of steps: no answer');
    case 'error':
    case 'cancelled':
      return make('failed', metrics.stopReason === 'error' ? 'Failed' : 'Stopped');
  }
}

const signed = (difference: number, text: string) =>
  difference === 0 ? '0' : `${difference > 0 ? '+' : '−'}${text}`;

function closingMetrics(
  first: LaneMetrics,
  second: LaneMetrics,
  scenario: Scenario,
): ClosingMetric[] {
  const expected = expectedStop(scenario);
  const deltas = metricDeltas(second, first, expected);
  const won =
    goodOutcome(second, expected) === goodOutcome(first, expected)
      ? null
      : goodOutcome(second, expected);
  const tokensOf = (lane: LaneMetrics) => lane.promptTokens + lane.completionTokens;
  const tokenDifference = tokensOf(second) - tokensOf(first);
  const plain = (key: 'llmCalls' | 'reflections' | 'toolCalls', label: string): ClosingMetric => ({
    key,
    label,
    values: [count(first[key]), count(second[key])],
    amount: signed(second[key] - first[key], count(Math.abs(second[key] - first[key]))),
    change: deltas[key].change,
    verdict: deltas[key].verdict,
  });
  const time = second.timeMs - first.timeMs;
  return [
    plain('llmCalls', 'LLM calls'),
    plain('reflections', 'Reflections'),
    plain('toolCalls', 'Tool calls'),
    {
      key: 'tokens',
      label: 'Tokens',
      values: [count(tokensOf(first)), count(tokensOf(second))],
      amount: signed(tokenDifference, count(Math.abs(tokenDifference))),
      change:
        tokenDifference === 0
          ? 'same'
          : `${count(Math.abs(tokenDifference))} ${tokenDifference > 0 ? 'more' : 'fewer'}`,
      verdict: costVerdict(
        tokenDifference === 0 ? 'same' : tokenDifference > 0 ? 'worse' : 'better',
        won,
      ),
    },
    {
      key: 'timeMs',
      label: 'Model time',
      values: [formatTime(first.timeMs), formatTime(second.timeMs)],
      amount: deltas.timeMs.verdict === 'same' ? '0' : signed(time, formatTime(Math.abs(time))),
      change: deltas.timeMs.change,
      verdict: deltas.timeMs.verdict,
    },
  ];
}

/** How good an outcome is: the one the task wants, an answer nobody graded, then the rest. */
const standing = (outcome: LaneOutcome) =>
  outcome.good === true ? 2 : outcome.good === null ? 1 : 0;

/** What a lane did, as a verb phrase for the verdict ("answered correctly", "stalled"). */
function did(outcome: LaneOutcome, negative: boolean): string {
  switch (outcome.kind) {
    case 'correct':
      return 'answered correctly';
    case 'wrong':
      return negative ? 'did not' : 'answered wrongly';
    case 'answered':
      return 'answered';
    case 'stalled':
      return 'stalled';
    case 'escalated':
      return outcome.good ? 'handed the case to a person, as it should' : 'escalated';
    case 'out-of-steps':
      return 'ran out of steps';
    case 'failed':
      return 'failed';
  }
}

/** "1 more LLM call and 1,133 more tokens", "the same number of LLM calls and 834 fewer tokens (33%)". */
function costWords(first: LaneMetrics, second: LaneMetrics): { words: string; more: boolean } {
  const calls = second.llmCalls - first.llmCalls;
  const before = first.promptTokens + first.completionTokens;
  const tokens = second.promptTokens + second.completionTokens - before;
  if (calls === 0 && tokens === 0)
    return { words: 'the same number of calls and tokens', more: false };
  const callPart =
    calls === 0
      ? 'the same number of LLM calls'
      : `${count(Math.abs(calls))} ${calls > 0 ? 'more' : 'fewer'} LLM call${Math.abs(calls) === 1 ? '' : 's'}`;
  const share = before > 0 ? Math.round((Math.abs(tokens) / before) * 100) : 0;
  const tokenPart =
    tokens === 0
      ? 'the same number of tokens'
      : `${count(Math.abs(tokens))} ${tokens > 0 ? 'more' : 'fewer'} tokens${tokens < 0 && share > 0 ? ` (${share}% less)` : ''}`;
  return { words: `${callPart} and ${tokenPart}`, more: calls > 0 || tokens > 0 };
}

/** Pure: one sentence on what the second lane did against the first and what it cost. */
export function verdictSentence(
  outcomes: readonly [LaneOutcome, LaneOutcome],
  metrics: readonly [LaneMetrics, LaneMetrics],
  /** Whether a sentence on outcomes that differ names the cost (false: a line below does). */
  withCost = true,
): string {
  const [a, b] = outcomes;
  const cost = costWords(metrics[0], metrics[1]);
  const linked = withCost ? `, ${cost.more ? 'for' : 'with'} ${cost.words}` : '';
  if (standing(b) > standing(a))
    return `${b.label} ${did(b, false)} where ${a.label} ${did(a, true)}${linked}.`;
  if (standing(b) < standing(a))
    return `${b.label} ${did(b, false)} where ${a.label} ${did(a, false)}${linked}.`;
  if (a.kind === b.kind) return `Both ${did(a, false)}; ${b.label} needed ${cost.words}.`;
  return `${b.label} ${did(b, false)} and ${a.label} ${did(a, false)}; ${b.label} needed ${cost.words}.`;
}

/** Pure: the closing slide of two finished lanes (the first is the baseline). */
export function buildClosing(
  scenario: Scenario,
  lanes: readonly [CaptionLane, CaptionLane],
): ClosingSlide {
  const first = laneMetrics(scenario, lanes[0].trace);
  const second = laneMetrics(scenario, lanes[1].trace);
  const outcomes: [LaneOutcome, LaneOutcome] = [
    laneOutcome(scenario, lanes[0].label, first),
    laneOutcome(scenario, lanes[1].label, second),
  ];
  const reflact = lanes.some((lane) => lane.trace.config.mode === 'reflact');
  const expected = expectedStop(scenario);
  const secondWon = goodOutcome(second, expected);
  const differ = secondWon !== goodOutcome(first, expected);
  const [winner, other] = secondWon ? [second, first] : [first, second];
  return {
    lanes: outcomes,
    metrics: closingMetrics(first, second, scenario).map((metric) =>
      // ReflAct's state reflection is inside its action calls: this counts reflection phases.
      metric.key === 'reflections' && reflact ? { ...metric, label: 'Reflection phases' } : metric,
    ),
    note: reflact
      ? 'ReflAct’s state reflection is part of each action call, not a reflection phase.'
      : null,
    // Outcomes that differ: the sentence leads with them and the cost line says the cost once.
    verdict: verdictSentence(outcomes, [first, second], !differ),
    cost: differ
      ? {
          words: `${outcomeCost(winner, other)} to ${outcomePurpose(winner)}`,
          purpose: `to ${outcomePurpose(winner)}`,
        }
      : null,
  };
}
