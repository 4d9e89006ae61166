/** Words, options and colours the compare view uses. */
import { StepGlyph, type SelectOption, type StepGlyphName } from '../../components';
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

const TONE_GLYPH: Readonly<Record<CellTone, StepGlyphName>> = {
  tool: 'action',
  empty: 'empty',
  denied: 'denied',
  reflection: 'reflection',
  answer: 'answer',
  escalate: 'escalation',
  reprompt: 'reprompt',
};

/** A tone's glyph: a second cue besides colour. */
export function ToneGlyph({
  tone,
  className = 'h-3 w-3',
}: {
  readonly tone: CellTone;
  readonly className?: string;
}) {
  return <StepGlyph glyph={TONE_GLYPH[tone]} className={className} />;
}

/** Delta colours: green better, red worse, muted otherwise (words and arrows say it too). */
export const VERDICT_STYLE: Readonly<Record<Verdict, string>> = {
  better: 'text-emerald-700 dark:text-emerald-400',
  worse: 'text-rose-700 dark:text-rose-400',
  same: 'text-slate-500 dark:text-slate-400',
  differs: 'text-slate-600 dark:text-slate-300',
  // What the better outcome spent: neither red nor green, it is a price.
  cost: 'text-sky-800 dark:text-sky-300',
};
