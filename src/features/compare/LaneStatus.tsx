import { useShallow } from 'zustand/react/shallow';
import type { CompareLane } from '../../state/compare-store';
import { gradeWords } from '../../projections/grade-words';
import type { RunState } from '../../state/run-store';
import { useRunStore } from '../run';
import { useCompare } from './compare-context';
import { STOP_LABEL } from './labels';
import { selectRanWith, selectRunGrade } from './selectors';

const selectOutcome = (state: RunState) => ({
  status: state.status,
  stopReason: state.trace?.stopReason ?? null,
  error: state.error,
});

const STOP_TONE = {
  answer: 'text-emerald-700 dark:text-emerald-400',
  escalate: 'text-rose-700 dark:text-rose-400',
  error: 'text-rose-700 dark:text-rose-400',
  stalled: 'text-amber-700 dark:text-amber-300',
  max_steps: 'text-amber-700 dark:text-amber-300',
  cancelled: 'text-slate-600 dark:text-slate-300',
} as const;

/** The lane's run in a word: not run, running, how it ended; and whether its settings changed since. */
export function LaneStatus({ lane }: { readonly lane: CompareLane }) {
  const { status, stopReason, error } = useRunStore(useShallow(selectOutcome));
  const grade = useRunStore(selectRunGrade);
  const graded = grade ? gradeWords(grade) : null;
  const ranWith = useCompare(selectRanWith)[lane.id];
  const stale = status !== 'idle' && ranWith !== undefined && ranWith !== lane.overrides;
  return (
    <span className="mr-1 flex min-w-0 items-center gap-1.5 text-xs" role="status">
      {status === 'idle' && <span className="text-slate-500 dark:text-slate-400">not run</span>}
      {status === 'running' && (
        <span className="flex items-center gap-1 text-sky-700 dark:text-sky-300">
          <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-sky-500" />
          running
        </span>
      )}
      {status === 'done' && error && (
        <span className="truncate text-rose-700 dark:text-rose-400" title={error.message}>
          failed: {error.message}
        </span>
      )}
      {status === 'done' && !error && stopReason && (
        <span
          className={`font-medium ${grade?.correct === false ? STOP_TONE.error : STOP_TONE[stopReason]}`}
        >
          {STOP_LABEL[stopReason].toLowerCase()}
        </span>
      )}
      {status === 'done' && !error && graded && (
        <span
          className={`min-w-0 truncate ${graded.why ? STOP_TONE.error : STOP_TONE.answer}`}
          title={graded.why ? `Wrong: ${graded.why}` : 'What the scenario expects'}
        >
          · {graded.why ? `✗ wrong: ${graded.why}` : '✓ correct'}
        </span>
      )}
      {stale && (
        <span
          className="truncate text-amber-700 dark:text-amber-300"
          title="The settings changed since this run: Run lane to see their effect"
        >
          · settings changed
        </span>
      )}
    </span>
  );
}
