import { Button } from '../../components';
import { useEvalActions, useEvalStore } from './eval-store-context';
import { selectKeptAt, selectKeptProblem, selectRunning } from './selectors';

/** When a kept matrix ended, in the reader's words ("2 Dec 2026, 01:50"). */
const keptDate = (at: number) =>
  new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The matrix shown is kept in the library (it comes back after a reload): when it ran, and Clear
 * (which forgets it and its runs); or why a kept one could not be read or kept.
 */
export function KeptLine() {
  const keptAt = useEvalStore(selectKeptAt);
  const problem = useEvalStore(selectKeptProblem);
  const running = useEvalStore(selectRunning);
  const { clearKept } = useEvalActions();
  if (problem) {
    return (
      <p
        role="note"
        className="rounded-md border border-amber-300 bg-amber-50 px-3 py-1.5 text-[13px] text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
      >
        {problem}
      </p>
    );
  }
  if (keptAt === null || running) return null;
  return (
    <div className="flex min-w-0 items-center gap-2 text-[12px] text-slate-600 dark:text-slate-400">
      <span className="truncate">Results from {keptDate(keptAt)}, kept in the library.</span>
      <Button size="sm" onClick={() => void clearKept()}>
        Clear results
      </Button>
    </div>
  );
}
