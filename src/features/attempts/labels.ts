/** The strip's words and colours: one place, so a card and a compact chip agree. */
import type { AttemptSummary } from '../../projections/attempts';

/** A passed, failed or unknown reward, as a chip's colours (AA contrast in light and dark). */
export function rewardTone(summary: AttemptSummary): string {
  if (summary.reward === null)
    return 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100';
  return summary.reflected
    ? 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100'
    : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100';
}

/** "failure framing": the reflection prompt assumed a failure; "neutral framing": it did not. */
export const FRAMING_LABEL = {
  failure: 'failure framing',
  neutral: 'neutral framing',
} as const;

export const FRAMING_TITLE = {
  failure: 'The reward was below the threshold: the reflection prompt said the attempt failed.',
  neutral:
    'The reward was unknown: the reflection prompt asked the model to judge the attempt itself.',
} as const;

/** The judge is a model's opinion, never shown the expected answer: weaker than a check. */
export const JUDGE_LABEL = 'weaker than an environment check';

export const JUDGE_TITLE =
  "A model scored this attempt from 0 to 1 without the scenario's expected answer: its opinion, not an environment check of the result.";
