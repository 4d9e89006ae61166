/** Class strings the eval view's parts share. */

/** A small uppercase section heading (Scenarios, Configs, Verdicts). */
export const HEADING =
  'text-[11px] font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';

/** A checkbox in the shared accent colour. */
export const CHECKBOX = 'h-3.5 w-3.5 shrink-0 accent-sky-700 dark:accent-sky-400';

/** Muted secondary text. */
export const MUTED = 'text-slate-500 dark:text-slate-400';
