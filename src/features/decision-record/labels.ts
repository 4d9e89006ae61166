/** Display names and colours the decision record uses for the engine's enums. */
import type { Intent, Role, StepKind, Trigger } from '../../engine';
import type { ObservationTag } from '../../projections/decision-record';

/** Badge colours per step kind; each pair keeps at least 4.5:1 contrast in its theme. */
export const KIND_BADGE: Readonly<Record<StepKind, string>> = {
  action: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  reflection: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  answer: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  escalate: 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100',
  attempt_reflection:
    'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900/60 dark:text-fuchsia-100',
  reprompt: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  judge: 'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900/60 dark:text-fuchsia-100',
};

/** What the step set out to do, in words. */
export const INTENT_LABEL: Readonly<Record<Intent, string>> = {
  tool: 'call a tool',
  answer: 'answer',
  escalate: 'escalate to a person',
  reflect: 'reflect',
  reprompt: 'ask again',
};

/** Why a reflection gate opened, in words. */
export const TRIGGER_LABEL: Readonly<Record<Trigger, string>> = {
  cadence: 'cadence',
  stall: 'stall',
  duplicate: 'duplicate call',
  high_confidence: 'high confidence',
};

/** Observation tags as the record names them. */
export const TAG_LABEL: Readonly<Record<ObservationTag, string>> = {
  ok: 'new evidence',
  empty: 'empty',
  repeat: 'repeat',
  error: 'tool error',
};

/** Observation tag colours (4.5:1 contrast in each theme). */
export const TAG_STYLE: Readonly<Record<ObservationTag, string>> = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  empty: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  repeat: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  error: 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100',
};

/** Message role chip colours in the Context view. */
export const ROLE_STYLE: Readonly<Record<Role, string>> = {
  system: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  user: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  assistant: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  tool: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
};

/** A duration in ms as people read it: "640 ms", "1.2 s". */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
