import { FOCUS_RING } from '../../components';
import { outcomeText, rewardNumber } from '../../projections/attempts';
import { useRunActions, useRunStore } from '../run';
import { rewardTone } from './labels';
import { selectAttempt, selectAttempts, selectHasAttempts } from './selectors';

/**
 * The attempts of a run in one line, for a small box (a compare lane): one chip per attempt with
 * its reward, a chip for "All"; pressing one scopes the lane's views to it. Nothing for a run of
 * one attempt.
 */
export function AttemptChips() {
  const shown = useRunStore(selectHasAttempts);
  const attempts = useRunStore(selectAttempts);
  const chosen = useRunStore(selectAttempt);
  const { selectAttempt: choose } = useRunActions();
  if (!shown) return null;
  const chip = (active: boolean) =>
    `rounded px-1.5 py-px text-[11px] font-medium ${FOCUS_RING} ${
      active ? 'ring-2 ring-sky-600 dark:ring-sky-400' : ''
    }`;
  return (
    <div
      role="group"
      aria-label="Attempts"
      className="flex flex-wrap items-center gap-1 text-[11px]"
    >
      <button
        type="button"
        aria-pressed={chosen === null}
        onClick={() => choose(null)}
        className={`${chip(chosen === null)} bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100`}
      >
        All
      </button>
      {attempts.map((summary) => (
        <button
          key={summary.attempt}
          type="button"
          aria-pressed={chosen === summary.attempt}
          title={[outcomeText(summary), summary.rewardText, summary.why]
            .concat(summary.judge ? [`judge: ${summary.judge.text}`] : [])
            .join(' · ')}
          onClick={() => choose(summary.attempt)}
          className={`${chip(chosen === summary.attempt)} ${rewardTone(summary)}`}
        >
          A{summary.attempt} {summary.reward === null ? '?' : rewardNumber(summary.reward)}
          {summary.reflected ? ' → reflected' : ''}
        </button>
      ))}
    </div>
  );
}
