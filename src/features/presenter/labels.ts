/** Words and colours of the presenter: a step's kind, a delta's verdict, what to watch in a demo. */
import type { CaptionKind } from '../../projections/captions';
import type { Verdict } from '../../projections/compare-summary';
import type { DemoId } from '../../state/demos';

/** What a step is, on its card and in the strip. */
export const KIND_WORD: Readonly<Record<CaptionKind, string>> = {
  action: 'Tool call',
  empty: 'Tool call · nothing new',
  denied: 'Blocked by a guard',
  reflection: 'Reflection',
  answer: 'Answer',
  escalation: 'Handed to a person',
  reprompt: 'Unreadable reply',
  attempt: 'Looking back',
};

/** A step card's accent (its left border and its kind's chip); the text stays slate. */
export const KIND_ACCENT: Readonly<Record<CaptionKind, string>> = {
  action: 'border-l-sky-600 dark:border-l-sky-400',
  empty: 'border-l-amber-600 dark:border-l-amber-400',
  denied: 'border-l-rose-600 dark:border-l-rose-400',
  reflection: 'border-l-violet-600 dark:border-l-violet-400',
  answer: 'border-l-emerald-600 dark:border-l-emerald-400',
  escalation: 'border-l-rose-600 dark:border-l-rose-400',
  reprompt: 'border-l-orange-600 dark:border-l-orange-400',
  attempt: 'border-l-violet-600 dark:border-l-violet-400',
};

/** A dot of the progress strip (and the glyph chip on a card), by kind: 4.5:1 glyphs on fills. */
export const KIND_DOT: Readonly<Record<CaptionKind, string>> = {
  action:
    'border-sky-600 bg-sky-100 text-sky-900 dark:border-sky-400 dark:bg-sky-900 dark:text-sky-50',
  empty:
    'border-dashed border-amber-600 bg-white text-amber-800 dark:border-amber-400 dark:bg-slate-950 dark:text-amber-300',
  denied:
    'border-rose-600 bg-rose-100 text-rose-900 dark:border-rose-400 dark:bg-rose-950 dark:text-rose-50',
  reflection:
    'border-violet-600 bg-violet-100 text-violet-900 dark:border-violet-400 dark:bg-violet-900 dark:text-violet-50',
  answer:
    'border-emerald-600 bg-emerald-100 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-900 dark:text-emerald-50',
  escalation:
    'border-rose-600 bg-rose-100 text-rose-900 dark:border-rose-400 dark:bg-rose-950 dark:text-rose-50',
  reprompt:
    'border-orange-600 bg-orange-100 text-orange-900 dark:border-orange-400 dark:bg-orange-950 dark:text-orange-50',
  attempt:
    'border-violet-600 bg-violet-100 text-violet-900 dark:border-violet-400 dark:bg-violet-900 dark:text-violet-50',
};

/**
 * An answer graded wrong: hollow rose with a cross (as the inspector's timeline draws it), never
 * the answer's green tick, so a wrong answer never reads as success. Its accent and its dot.
 */
export const WRONG_ANSWER = {
  word: 'wrong answer',
  accent: 'border-l-rose-600 dark:border-l-rose-400',
  dot: 'border-rose-700 bg-white text-rose-800 dark:border-rose-400 dark:bg-slate-950 dark:text-rose-300',
} as const;

/** A delta's colour and its word (colour is never the only cue). */
export const VERDICT_STYLE: Readonly<
  Record<Verdict, { readonly tone: string; readonly word: string }>
> = {
  better: { tone: 'text-emerald-700 dark:text-emerald-300', word: 'better' },
  worse: { tone: 'text-rose-700 dark:text-rose-300', word: 'worse' },
  same: { tone: 'text-slate-700 dark:text-slate-300', word: 'same' },
  differs: { tone: 'text-slate-900 dark:text-slate-100', word: 'neither better nor worse' },
  // The slide says what it bought instead ("to answer correctly"): a price, not a loss.
  cost: { tone: 'text-sky-800 dark:text-sky-200', word: 'cost of the better outcome' },
};

/** What to watch, in one line for the header while a demo plays (its full description opens it). */
export const DEMO_WATCH: Readonly<Record<DemoId, string>> = {
  'react-vs-reflact':
    'ReAct answers after one search; ReflAct checks what is still missing and searches again.',
  'adaptive-vs-fixed':
    'The fixed cadence reflects anyway; adaptive gating skips it: the same answer for less.',
  'off-vs-adaptive':
    'Without reflection the agent digs in one place until it gives up; adaptive changes course.',
};
