/** Words, options and colours the compare view uses. */
import type { ReactNode } from 'react';
import type { SelectOption } from '../../components';
import type { DuplicatePolicy, Gating, Mode, StopReason } from '../../engine';
import type { Verdict } from '../../projections/compare-summary';
import type { CellTone } from './strip';

export const MODE_OPTIONS: readonly SelectOption<Mode>[] = [
  { value: 'act', label: 'ACT' },
  { value: 'react', label: 'ReAct' },
  { value: 'reflact', label: 'ReflAct' },
];

export const GATING_OPTIONS: readonly SelectOption<Gating>[] = [
  { value: 'off', label: 'Off' },
  { value: 'fixed', label: 'Fixed cadence' },
  { value: 'adaptive', label: 'Adaptive' },
];

export const DUPLICATE_OPTIONS: readonly SelectOption<DuplicatePolicy>[] = [
  { value: 'escalate', label: 'Escalate' },
  { value: 'block', label: 'Block' },
  { value: 'off', label: 'Off' },
];

export const MODE_WORD: Readonly<Record<Mode, string>> = {
  act: 'ACT',
  react: 'ReAct',
  reflact: 'ReflAct',
};

export const GATING_WORD: Readonly<Record<Gating, string>> = {
  off: 'reflection off',
  fixed: 'fixed cadence',
  adaptive: 'adaptive',
};

export const STOP_LABEL: Readonly<Record<StopReason, string>> = {
  answer: 'Answered',
  escalate: 'Escalated',
  max_steps: 'Out of steps',
  stalled: 'Stalled',
  error: 'Failed',
  cancelled: 'Stopped',
};

/** A lane's letter: A, B, C, D. */
export const laneLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * Cell colours per tone, as the timeline draws its kinds: outcomes solid, an empty call hollow
 * and dashed. Glyphs keep at least 4.5:1 against their fill in both themes.
 */
export const TONE_STYLE: Readonly<Record<CellTone, string>> = {
  tool: 'border-sky-300 bg-sky-100 text-sky-900 dark:border-sky-700 dark:bg-sky-900/70 dark:text-sky-100',
  empty:
    'border-dashed border-amber-500 bg-white text-amber-800 dark:border-amber-400/80 dark:bg-slate-950 dark:text-amber-300',
  denied:
    'border-rose-400 bg-rose-100 text-rose-900 dark:border-rose-500 dark:bg-rose-950 dark:text-rose-100',
  reflection:
    'border-violet-300 bg-violet-100 text-violet-900 dark:border-violet-600 dark:bg-violet-900/70 dark:text-violet-100',
  answer:
    'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-emerald-950',
  escalate:
    'border-rose-700 bg-rose-700 text-white dark:border-rose-400 dark:bg-rose-400 dark:text-rose-950',
  reprompt:
    'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-600 dark:bg-amber-900/60 dark:text-amber-100',
};

export const TONE_NAME: Readonly<Record<CellTone, string>> = {
  tool: 'Tool call',
  empty: 'Found nothing',
  denied: 'Blocked by a guard',
  reflection: 'Reflection',
  answer: 'Answer',
  escalate: 'Escalation',
  reprompt: 'Reprompt',
};

export const TONE_ORDER: readonly CellTone[] = [
  'tool',
  'empty',
  'reflection',
  'answer',
  'escalate',
  'denied',
  'reprompt',
];

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const GLYPHS: Readonly<Record<CellTone, ReactNode>> = {
  tool: <path {...STROKE} d="M3 8h9M8.5 4.5 12 8l-3.5 3.5" />,
  empty: <circle {...STROKE} cx="8" cy="8" r="4.25" />,
  denied: <path {...STROKE} strokeWidth={2} d="M4.5 4.5l7 7M11.5 4.5l-7 7" />,
  reflection: (
    <path
      fill="currentColor"
      d="M8 2.25 9.55 6.45 13.75 8 9.55 9.55 8 13.75 6.45 9.55 2.25 8 6.45 6.45Z"
    />
  ),
  answer: <path {...STROKE} strokeWidth={2} d="M3.5 8.5 6.5 11.5 12.5 4.5" />,
  escalate: (
    <>
      <path {...STROKE} strokeWidth={2} d="M8 3.5v5.25" />
      <circle fill="currentColor" cx="8" cy="12" r="1.2" />
    </>
  ),
  reprompt: <path {...STROKE} d="M12.5 8a4.5 4.5 0 1 1-1.35-3.2M12.5 3v2.5H10" />,
};

/** A tone's glyph: a second cue besides colour. */
export function ToneGlyph({
  tone,
  className = 'h-3 w-3',
}: {
  readonly tone: CellTone;
  readonly className?: string;
}) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={`shrink-0 ${className}`}>
      {GLYPHS[tone]}
    </svg>
  );
}

/** Delta colours: green better, red worse, muted otherwise (words and arrows say it too). */
export const VERDICT_STYLE: Readonly<Record<Verdict, string>> = {
  better: 'text-emerald-700 dark:text-emerald-400',
  worse: 'text-rose-700 dark:text-rose-400',
  same: 'text-slate-500 dark:text-slate-400',
  differs: 'text-slate-600 dark:text-slate-300',
};
