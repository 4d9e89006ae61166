/** Pure: how the Library view words a kept run (outcomes, sizes, dates). No React. */
import type { RunOutcome, RunSummary } from '../../state/library-types';

export const OUTCOME_WORD: Record<RunOutcome, string> = {
  correct: 'Correct',
  wrong: 'Wrong answer',
  escalated: 'Escalated',
  failed: 'Failed',
  running: 'Running',
  interrupted: 'Interrupted',
};

export const OUTCOME_HINT: Record<RunOutcome, string> = {
  correct: 'Answered, and the answer is what the scenario expects',
  wrong: 'Answered, but not what the scenario expects',
  escalated: 'Handed the task to a person',
  failed: 'Out of steps, stalled, a model error, or cancelled',
  running: 'Still running in this tab',
  interrupted: 'Cut by a reload or a closed tab; kept up to its last step',
};

export const OUTCOME_TONE: Record<RunOutcome, string> = {
  correct:
    'bg-emerald-50 text-emerald-900 ring-emerald-300 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800',
  wrong:
    'bg-rose-50 text-rose-900 ring-rose-300 dark:bg-rose-950/60 dark:text-rose-200 dark:ring-rose-800',
  escalated:
    'bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800',
  failed:
    'bg-rose-50 text-rose-900 ring-rose-300 dark:bg-rose-950/60 dark:text-rose-200 dark:ring-rose-800',
  running:
    'bg-sky-50 text-sky-900 ring-sky-300 dark:bg-sky-950/60 dark:text-sky-200 dark:ring-sky-800',
  interrupted:
    'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
};

/** The outcomes a person filters by, in the order the filter lists them. */
export const OUTCOME_ORDER: readonly RunOutcome[] = [
  'correct',
  'wrong',
  'escalated',
  'failed',
  'interrupted',
  'running',
];

/** What the list calls a run: the user's name for it, else its scenario's title. */
export const runTitle = (run: RunSummary): string => run.name ?? run.scenarioTitle;

/** "react · adaptive", "act". */
export function settingsWords(run: Pick<RunSummary, 'mode' | 'gating'>): string {
  return run.mode === 'act' ? 'act' : `${run.mode} · ${run.gating}`;
}

/** "980 B", "12.3 KB", "4.1 MB", "1.2 GB" (powers of 1024, one decimal past bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const TIME = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "14:05" today, "Nov 30, 14:05" this year, "Nov 30, 2025" before. */
export function formatWhen(at: number, now: number): string {
  const date = new Date(at);
  const today = new Date(now);
  if (date.toDateString() === today.toDateString()) return TIME.format(date);
  if (date.getFullYear() === today.getFullYear())
    return `${DAY.format(date)}, ${TIME.format(date)}`;
  return DAY_YEAR.format(date);
}

/** "1,204". */
export const formatCount = (value: number): string => value.toLocaleString('en-US');

/** "3 runs", "1 run". */
export const runsWord = (count: number): string =>
  `${formatCount(count)} ${count === 1 ? 'run' : 'runs'}`;
