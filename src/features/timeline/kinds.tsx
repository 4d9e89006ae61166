/** How each cell kind looks: its colours (light and dark), its glyph and its name in the legend. */
import { StepGlyph } from '../../components';
import type { TimelineKind } from '../../projections/timeline';

/**
 * Cell colours per kind. Outcomes (answer, escalation) are solid so a run's end stands out;
 * an empty action is hollow and dashed: the call found nothing. Glyph and text keep at least
 * 4.5:1 against their fill in both themes.
 */
export const KIND_STYLE: Record<TimelineKind, string> = {
  action:
    'border-sky-300 bg-sky-100 text-sky-900 dark:border-sky-700 dark:bg-sky-900/70 dark:text-sky-100',
  empty:
    'border-dashed border-amber-500 bg-white text-amber-800 dark:border-amber-400/80 dark:bg-slate-950 dark:text-amber-300',
  reflection:
    'border-violet-300 bg-violet-100 text-violet-900 dark:border-violet-600 dark:bg-violet-900/70 dark:text-violet-100',
  answer:
    'border-emerald-700 bg-emerald-700 text-white dark:border-emerald-400 dark:bg-emerald-400 dark:text-emerald-950',
  escalation:
    'border-rose-700 bg-rose-700 text-white dark:border-rose-400 dark:bg-rose-400 dark:text-rose-950',
  reprompt:
    'border-amber-300 bg-amber-100 text-amber-900 dark:border-amber-600 dark:bg-amber-900/60 dark:text-amber-100',
  attempt:
    'border-fuchsia-300 bg-fuchsia-100 text-fuchsia-900 dark:border-fuchsia-600 dark:bg-fuchsia-900/70 dark:text-fuchsia-100',
};

/**
 * An answer graded wrong (`gradeRun`): hollow rose with a cross, never the answer's solid green,
 * so a wrong answer never reads as success. 4.5:1 text in both themes.
 */
export const WRONG_ANSWER_STYLE =
  'border-rose-700 bg-white text-rose-800 dark:border-rose-400 dark:bg-slate-950 dark:text-rose-300';

export const KIND_NAME: Record<TimelineKind, string> = {
  action: 'Action',
  empty: 'Empty action',
  reflection: 'Reflection',
  answer: 'Answer',
  escalation: 'Escalation',
  reprompt: 'Reprompt',
  attempt: 'Attempt reflection',
};

/** Legend order: the loop's usual course, then the exceptions. */
export const KIND_ORDER: readonly TimelineKind[] = [
  'action',
  'empty',
  'reflection',
  'answer',
  'escalation',
  'reprompt',
  'attempt',
];

/** The kind's glyph: a second cue besides colour, for colour-blind eyes and print. */
export function KindGlyph({
  kind,
  className = 'h-3.5 w-3.5',
}: {
  readonly kind: TimelineKind;
  readonly className?: string;
}) {
  return <StepGlyph glyph={kind} className={className} />;
}

/** The wrong answer's glyph: the cross, where a right answer has the tick. */
export function WrongAnswerGlyph({ className = 'h-3.5 w-3.5' }: { readonly className?: string }) {
  return <StepGlyph glyph="denied" className={className} />;
}

/** The red notch above a cell where a guard tripped (size and colour from `className`). */
export function GuardMark({ className }: { readonly className: string }) {
  return (
    <svg viewBox="0 0 10 6" aria-hidden="true" className={`shrink-0 ${className}`}>
      <path fill="currentColor" d="M0 0h10L5 6Z" />
    </svg>
  );
}

/**
 * The guards lens's mark on a cell: hollow and dashed (never the guard notch's solid red), so a
 * "would have" never reads as something that happened; a stop is a hollow octagon, any other mark
 * a hollow circle.
 */
export function WouldHaveMark({
  stops,
  className,
}: {
  readonly stops: boolean;
  readonly className: string;
}) {
  return (
    <svg
      viewBox="0 0 10 10"
      aria-hidden="true"
      className={`shrink-0 fill-none stroke-indigo-600 dark:stroke-indigo-300 ${className}`}
      strokeWidth={1.4}
      strokeDasharray="2 1.2"
    >
      {stops ? (
        <path d="M3.3 1h3.4L9 3.3v3.4L6.7 9H3.3L1 6.7V3.3Z" />
      ) : (
        <circle cx="5" cy="5" r="3.8" />
      )}
    </svg>
  );
}
