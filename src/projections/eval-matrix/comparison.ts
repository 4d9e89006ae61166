/**
 * One verdict sentence comparing two configs: the tag group where they differ most in accuracy,
 * else the cleanest cost story (a group where the subject never reflected, or the biggest token
 * change). Pure: rows in, a sentence and how telling it is out.
 */
import type { RewardSource } from '../../engine';
import { summarise, type EvalSummary } from './summary';
import type { EvalRunRow } from './rows';

/** One sentence comparing two configs, with the numbers it rests on. */
export interface EvalVerdict {
  /** The config being tried, and the one it is held against. */
  readonly subject: string;
  readonly baseline: string;
  /** The tag (or "all scenarios") the sentence speaks of. */
  readonly group: string;
  readonly kind: 'accuracy' | 'cost' | 'summary';
  readonly text: string;
}

/** Pure: a share as a whole percentage ("83%"). */
export const percent = (value: number) => `${Math.round(value * 100)}%`;

/** Pure: one decimal, none when it is whole: 1, 0.8, 12.5. */
export const oneDecimal = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
};

function tokenClause(a: EvalSummary, b: EvalSummary): { text: string; size: number } {
  if (b.tokens === 0) return { text: '', size: 0 };
  const change = a.tokens / b.tokens - 1;
  if (Math.abs(change) < 0.005) return { text: 'same tokens', size: 0 };
  return {
    text: `${Math.round(Math.abs(change) * 100)}% ${change > 0 ? 'more' : 'fewer'} tokens`,
    size: Math.abs(change),
  };
}

/** What sets two configs apart beyond mode and gating, in words for each side; null: nothing. */
export interface AttemptTerms {
  readonly subject: string;
  readonly baseline: string;
  /**
   * The two differ in attempts or reward source: the sentence says what that costs in calls
   * (retries; the judge's one more call per attempt).
   */
  readonly calls: boolean;
}

const attemptWords = (count: number) => `${count} attempt${count === 1 ? '' : 's'}`;

/** A reward source in a verdict's words. */
const SOURCE_WORDS: Readonly<Record<RewardSource, string>> = {
  verifier: 'verifier reward',
  none: 'no reward check',
  judge: 'model-judge reward',
};

/**
 * Pure: the attempts, history scope and reward source of two configs' rows in words, when they
 * differ ("3 attempts" vs "1 attempt", "cross_task memory" vs "cross_trajectory memory",
 * "model-judge reward" vs "verifier reward").
 */
export function attemptTerms(
  rowsA: readonly EvalRunRow[],
  rowsB: readonly EvalRunRow[],
): AttemptTerms | null {
  const a = rowsA[0]?.config;
  const b = rowsB[0]?.config;
  if (!a || !b) return null;
  const subject: string[] = [];
  const baseline: string[] = [];
  if (a.attempts !== b.attempts) {
    subject.push(attemptWords(a.attempts));
    baseline.push(attemptWords(b.attempts));
  }
  if (a.history !== b.history) {
    subject.push(`${a.history} memory`);
    baseline.push(`${b.history} memory`);
  }
  if (a.rewardSource !== b.rewardSource) {
    subject.push(SOURCE_WORDS[a.rewardSource]);
    baseline.push(SOURCE_WORDS[b.rewardSource]);
  }
  if (subject.length === 0) return null;
  return {
    subject: subject.join(', '),
    baseline: baseline.join(', '),
    calls: a.attempts !== b.attempts || a.rewardSource !== b.rewardSource,
  };
}

/** "2.1× the calls", "same calls"; empty when the baseline made none. */
function callsClause(a: EvalSummary, b: EvalSummary): string {
  if (b.calls === 0) return '';
  const ratio = a.calls / b.calls;
  return Math.abs(ratio - 1) < 0.05 ? 'same calls' : `${oneDecimal(ratio)}× the calls`;
}

/** A set of scenarios a sentence can speak of: a tag, or all scenarios. */
export interface ScenarioGroup {
  readonly name: string;
  /** "clear-cut" or "all scenarios". */
  readonly phrase: string;
  readonly scenarios: ReadonlySet<string>;
}

/** Pure: the tag groups of the rows, by tag name, led by "all scenarios" when no tag covers all. */
export function scenarioGroups(rows: readonly EvalRunRow[]): ScenarioGroup[] {
  const byTag = new Map<string, Set<string>>();
  const all = new Set<string>();
  for (const row of rows) {
    all.add(row.scenario);
    for (const tag of row.tags) {
      const set = byTag.get(tag) ?? new Set<string>();
      set.add(row.scenario);
      byTag.set(tag, set);
    }
  }
  const tags = [...byTag].sort(([a], [b]) => a.localeCompare(b));
  const groups = tags.map(([tag, ids]) => ({ name: tag, phrase: tag, scenarios: ids }));
  // "All scenarios" is worth a sentence only when it differs from every tag group.
  if (!groups.some((group) => group.scenarios.size === all.size))
    groups.unshift({ name: 'all', phrase: 'all scenarios', scenarios: all });
  return groups;
}

/**
 * Pure: the verdict of `subject` against `baseline` over the groups, with its size (accuracy
 * sentences above 100, so they sort before any cost sentence); empty text when nothing compares.
 */
export function compareConfigs(
  rowsA: readonly EvalRunRow[],
  rowsB: readonly EvalRunRow[],
  subject: string,
  baseline: string,
  groups: readonly ScenarioGroup[],
): EvalVerdict & { size: number } {
  const terms = attemptTerms(rowsA, rowsB);
  // "react×3 (3 attempts)": the words say what the label may not.
  const named = (label: string, words: string | undefined) =>
    words ? `${label} (${words})` : label;
  const subjectName = named(subject, terms?.subject);
  const baselineName = named(baseline, terms?.baseline);
  const candidates = groups
    .map((group) => {
      const a = rowsA.filter((row) => group.scenarios.has(row.scenario));
      const b = rowsB.filter((row) => group.scenarios.has(row.scenario));
      const shared = new Set(a.map((row) => row.scenario));
      const both = [...group.scenarios].filter(
        (id) => shared.has(id) && b.some((row) => row.scenario === id),
      );
      return { group, a, b, sa: summarise(a), sb: summarise(b), both };
    })
    .filter((candidate) => candidate.both.length > 0);
  type Candidate = (typeof candidates)[number];
  const gap = (candidate: Candidate) =>
    candidate.sa.accuracy === null || candidate.sb.accuracy === null
      ? 0
      : candidate.sa.accuracy - candidate.sb.accuracy;
  const bigger = (x: Candidate, y: Candidate) =>
    x.both.length - y.both.length || y.group.name.localeCompare(x.group.name);
  const byGap = [...candidates].sort((x, y) => Math.abs(gap(y)) - Math.abs(gap(x)) || bigger(y, x));
  const top = byGap[0];
  if (top && Math.abs(gap(top)) >= 0.005) {
    const tokens = tokenClause(top.sa, top.sb);
    // Retries and a judge cost calls: a pair that differs in them says how many more.
    const cost = terms?.calls ? callsClause(top.sa, top.sb) : tokens.text;
    return {
      subject,
      baseline,
      group: top.group.name,
      kind: 'accuracy',
      // Accuracy sentences come before cost ones, however large a token change is.
      size: 100 + Math.abs(gap(top)),
      text:
        `${subjectName}: ${percent(top.sa.accuracy ?? 0)} correct on ${top.group.phrase} vs ` +
        `${percent(top.sb.accuracy ?? 0)} for ${baselineName}${cost ? `, ${cost}` : ''}`,
    };
  }
  const quietIn = (candidate: Candidate) =>
    candidate.both.filter((id) =>
      candidate.a.every((row) => row.scenario !== id || row.metrics.reflections === 0),
    ).length;
  // The cleanest story first: a group where the subject never reflected and the baseline did
  // (the largest such); else the group where the token bill changes most.
  const silent = candidates
    .filter(
      (candidate) => candidate.sb.reflections > 0 && quietIn(candidate) === candidate.both.length,
    )
    .sort((x, y) => bigger(y, x));
  const byCost = [...candidates].sort(
    (x, y) => tokenClause(y.sa, y.sb).size - tokenClause(x.sa, x.sb).size || bigger(y, x),
  );
  const best = silent[0] ?? byCost[0];
  if (!best) return { subject, baseline, group: '', kind: 'cost', size: 0, text: '' };
  const { sa, sb, group, both } = best;
  const tokens = tokenClause(sa, sb);
  const sameReflections = Math.abs(sa.reflections - sb.reflections) < 0.005;
  const sameAccuracy = sa.accuracy === sb.accuracy;
  if (sameReflections && tokens.size === 0 && sameAccuracy) {
    return {
      subject,
      baseline,
      group: group.name,
      kind: 'cost',
      size: 0,
      text: `${subjectName}: same as ${baselineName} on ${group.phrase} (accuracy, reflections and tokens)`,
    };
  }
  const parts: string[] = [];
  if (!sameReflections) {
    const quiet = quietIn(best);
    const per = (value: number) =>
      `${oneDecimal(value)} reflection${oneDecimal(value) === '1' ? '' : 's'}`;
    parts.push(
      quiet > 0 && sb.reflections > 0
        ? `0 reflections on ${quiet}/${both.length} ${group.phrase} scenarios`
        : `${per(sa.reflections)} per run on ${group.phrase} (vs ${oneDecimal(sb.reflections)})`,
    );
  } else {
    parts.push(`on ${group.phrase}`);
  }
  if (sa.accuracy !== null && sb.accuracy !== null && sameAccuracy) parts.push('same accuracy');
  if (terms?.calls) parts.push(callsClause(sa, sb) || 'no calls');
  if (tokens.size === 0) parts.push(`same tokens as ${baselineName}`);
  else parts.push(`${tokens.text} than ${baselineName}`);
  return {
    subject,
    baseline,
    group: group.name,
    kind: 'cost',
    size: tokens.size,
    text: `${subjectName}: ${parts.join(', ')}`,
  };
}
