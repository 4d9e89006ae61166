/** Words and colours of the eval view: outcomes, configs, triggers. */
import type { EvalOutcome, ReflectionTrigger } from '../../projections/eval-matrix';

export const OUTCOME_LABEL: Readonly<Record<EvalOutcome, string>> = {
  correct: 'correct',
  wrong: 'wrong',
  escalated: 'escalated',
  stalled: 'stalled',
  'out-of-steps': 'out of steps',
  error: 'error',
  answered: 'answered',
};

/** What each outcome means, for the badge's tooltip. */
export const OUTCOME_HINT: Readonly<Record<EvalOutcome, string>> = {
  correct: 'Stopped as the scenario expects, with every expected fact in the answer',
  wrong: 'Answered, but not with the expected answer',
  escalated: 'Handed over to a human (a guard tripped or the model escalated)',
  stalled: 'Ended after empty tool calls in a row',
  'out-of-steps': 'Ran out of action steps',
  error: 'The run failed (a model or engine error)',
  answered: 'Answered; the scenario has no expected answer to grade against',
};

/** Badge classes: text and a tinted background, readable in both themes. */
export const OUTCOME_TONE: Readonly<Record<EvalOutcome, string>> = {
  correct:
    'bg-emerald-100 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-400/25',
  wrong:
    'bg-rose-100 text-rose-800 ring-rose-600/20 dark:bg-rose-500/15 dark:text-rose-300 dark:ring-rose-400/25',
  escalated:
    'bg-amber-100 text-amber-900 ring-amber-600/25 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/25',
  stalled:
    'bg-violet-100 text-violet-800 ring-violet-600/20 dark:bg-violet-500/15 dark:text-violet-300 dark:ring-violet-400/25',
  'out-of-steps':
    'bg-sky-100 text-sky-800 ring-sky-600/20 dark:bg-sky-500/15 dark:text-sky-300 dark:ring-sky-400/25',
  error:
    'bg-red-600 text-white ring-red-700/30 dark:bg-red-500/80 dark:text-white dark:ring-red-300/30',
  answered:
    'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-500/15 dark:text-slate-300 dark:ring-slate-400/25',
};

/** One hue per preset (mid-tones that hold on white and on slate-950). */
export const CONFIG_COLOR: Readonly<Record<string, string>> = {
  'act+off': '#94a3b8',
  'react+off': '#0ea5e9',
  'react+fixed': '#6366f1',
  'react+adaptive': '#14b8a6',
  'reflact+off': '#f59e0b',
  'reflact+fixed': '#ec4899',
  'reflact+adaptive': '#a855f7',
  'react×3': '#0369a1',
  'react×3+cross_task': '#be123c',
  'react×3+judge': '#b45309',
  'react×3+no_check': '#475569',
};

/** The attempt presets in words (their labels do not split as mode+gating). */
const ATTEMPT_HINT: Readonly<Record<string, { readonly hint: string; readonly short: string }>> = {
  'react×3': {
    hint: 'ReAct, no reflection, up to 3 attempts (a failed one is reflected on and retried)',
    short: '3 attempts',
  },
  'react×3+cross_task': {
    hint: 'ReAct, no reflection, up to 3 attempts; memory also reaches other tasks (cross_task)',
    short: '3 attempts, cross_task',
  },
  'react×3+judge': {
    hint: 'ReAct, no reflection, up to 3 attempts; a model judge scores each attempt (one more call, weaker than an environment check) instead of the verifier',
    short: '3 attempts, model judge',
  },
  'react×3+no_check': {
    hint: 'ReAct, no reflection, up to 3 attempts; no reward source: every attempt is reflected on, with neutral framing',
    short: '3 attempts, no check',
  },
};

/** Hues for saved settings, apart from the presets' (picked by the name, so a name keeps its hue). */
const SAVED_COLORS = ['#84cc16', '#ef4444', '#06b6d4', '#d946ef', '#f97316', '#22c55e'] as const;

/** A colour for a config: a preset's own, else one of the saved settings' hues by its name. */
export function configColor(label: string): string {
  const preset = CONFIG_COLOR[label];
  if (preset) return preset;
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SAVED_COLORS[hash % SAVED_COLORS.length] ?? '#64748b';
}

/** What a preset is, in words (the checkbox's tooltip and the column header's). */
export function configHint(label: string): string {
  if (!(label in CONFIG_COLOR)) return `Saved settings "${label}"`;
  const attempts = ATTEMPT_HINT[label];
  if (attempts) return attempts.hint;
  const [mode = '', gating = ''] = label.split('+');
  const modeName = { act: 'ACT', react: 'ReAct', reflact: 'ReflAct' }[mode] ?? mode;
  const gatingName =
    {
      off: 'no reflection',
      fixed: 'reflection on a fixed cadence',
      adaptive: 'adaptive reflection',
    }[gating] ?? gating;
  return `${modeName}, ${gatingName}`;
}

/** A preset's reflection gating in two or three words (the config picker's second column). */
export function gatingHint(label: string): string {
  if (!(label in CONFIG_COLOR)) return 'saved settings';
  const attempts = ATTEMPT_HINT[label];
  if (attempts) return attempts.short;
  const gating = label.split('+')[1] ?? '';
  return { off: 'no reflection', fixed: 'fixed cadence', adaptive: 'adaptive' }[gating] ?? gating;
}

export const TRIGGER_LABEL: Readonly<Record<ReflectionTrigger, string>> = {
  cadence: 'cadence',
  stall: 'stall',
  duplicate: 'duplicate',
};

export const TRIGGER_COLOR: Readonly<Record<ReflectionTrigger, string>> = {
  cadence: '#6366f1',
  stall: '#f59e0b',
  duplicate: '#f43f5e',
};
