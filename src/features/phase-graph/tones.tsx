/**
 * How the phase graph looks per tone and edge kind, light and dark. The colours follow the
 * timeline's: actions sky, reflections violet, answers emerald, escalations rose, halts amber.
 * Text keeps at least 4.5:1 against its fill in both themes.
 */
import type { ReactNode } from 'react';
import type { NodeTone, PhaseGraphEdge } from '../../projections/phase-graph';

export const NODE_TONE: Record<NodeTone, string> = {
  phase: 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900',
  reflect: 'border-violet-300 bg-violet-50 dark:border-violet-500/70 dark:bg-violet-950/70',
  success: 'border-emerald-600 bg-emerald-50 dark:border-emerald-500 dark:bg-emerald-950/70',
  stop: 'border-rose-600 bg-rose-50 dark:border-rose-500 dark:bg-rose-950/70',
  warn: 'border-amber-500 bg-amber-50 dark:border-amber-500/80 dark:bg-amber-950/60',
  neutral: 'border-slate-400 bg-slate-50 dark:border-slate-500 dark:bg-slate-800',
  empty: 'border-dashed border-amber-500 bg-white dark:border-amber-400/80 dark:bg-slate-950',
};

export const ICON_TONE: Record<NodeTone, string> = {
  phase: 'text-sky-600 dark:text-sky-400',
  reflect: 'text-violet-600 dark:text-violet-300',
  success: 'text-emerald-700 dark:text-emerald-400',
  stop: 'text-rose-600 dark:text-rose-400',
  warn: 'text-amber-600 dark:text-amber-400',
  neutral: 'text-slate-500 dark:text-slate-400',
  empty: 'text-amber-600 dark:text-amber-400',
};

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A glyph per tone, so a stop reads as a stop without its colour. */
const GLYPHS: Record<NodeTone, ReactNode> = {
  phase: <circle cx="8" cy="8" r="3.5" fill="currentColor" />,
  reflect: (
    <path
      fill="currentColor"
      d="M8 2.25 9.55 6.45 13.75 8 9.55 9.55 8 13.75 6.45 9.55 2.25 8 6.45 6.45Z"
    />
  ),
  success: (
    <>
      <circle {...STROKE} cx="8" cy="8" r="6" />
      <path {...STROKE} d="M5.25 8.25 7.25 10.25 10.75 6" />
    </>
  ),
  stop: (
    <>
      <path {...STROKE} d="M5.6 2.2h4.8l3.4 3.4v4.8l-3.4 3.4H5.6l-3.4-3.4V5.6Z" />
      <path {...STROKE} d="M5.75 8h4.5" />
    </>
  ),
  warn: (
    <>
      <circle {...STROKE} cx="8" cy="8" r="6" />
      <path {...STROKE} d="M6.5 5.5v5M9.5 5.5v5" />
    </>
  ),
  neutral: (
    <>
      <circle {...STROKE} cx="8" cy="8" r="6" />
      <path {...STROKE} d="m5.75 5.75 4.5 4.5m0-4.5-4.5 4.5" />
    </>
  ),
  empty: <circle {...STROKE} cx="8" cy="8" r="4" />,
};

/** The tone's glyph (decorative: the node's label says what it is). */
export function ToneGlyph({ tone }: { readonly tone: NodeTone }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={`h-4 w-4 shrink-0 ${ICON_TONE[tone]}`}>
      {GLYPHS[tone]}
    </svg>
  );
}

type Kind = PhaseGraphEdge['kind'];

/** Stroke and arrow colours per edge kind: taken edges solid, untaken ones faint. */
export const EDGE_STROKE: Record<Kind, { taken: string; faint: string }> = {
  flow: {
    taken: 'stroke-slate-500 fill-slate-500 dark:stroke-slate-400 dark:fill-slate-400',
    faint: 'stroke-slate-300 fill-slate-300 dark:stroke-slate-700 dark:fill-slate-700',
  },
  gate: {
    taken: 'stroke-violet-500 fill-violet-500 dark:stroke-violet-400 dark:fill-violet-400',
    faint: 'stroke-violet-200 fill-violet-200 dark:stroke-violet-900 dark:fill-violet-900',
  },
  guard: {
    taken: 'stroke-rose-600 fill-rose-600 dark:stroke-rose-400 dark:fill-rose-400',
    faint: 'stroke-rose-200 fill-rose-200 dark:stroke-rose-900 dark:fill-rose-900',
  },
  fault: {
    taken: 'stroke-orange-600 fill-orange-600 dark:stroke-orange-400 dark:fill-orange-400',
    faint: 'stroke-slate-300 fill-slate-300 dark:stroke-slate-700 dark:fill-slate-700',
  },
};

/** The count badge of a pill, per edge kind. */
export const BADGE_TONE: Record<Kind, string> = {
  flow: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  gate: 'bg-violet-100 text-violet-800 dark:bg-violet-900/70 dark:text-violet-100',
  guard: 'bg-rose-100 text-rose-800 dark:bg-rose-900/70 dark:text-rose-100',
  fault: 'bg-orange-100 text-orange-800 dark:bg-orange-900/70 dark:text-orange-100',
};

/** A pill's border, per edge kind, when the run took the edge. */
export const PILL_BORDER: Record<Kind, string> = {
  flow: 'border-slate-300 dark:border-slate-600',
  gate: 'border-violet-300 dark:border-violet-600',
  guard: 'border-rose-400 dark:border-rose-500',
  fault: 'border-orange-300 dark:border-orange-600',
};
