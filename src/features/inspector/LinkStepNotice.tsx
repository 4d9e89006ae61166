import { useRunStore } from '../run';
import { selectAwaitedAttempt, selectAwaitedStep, selectStatus } from './selectors';

/**
 * On a real endpoint a link does not run by itself (calls cost money there): it sets the
 * scenario and settings up and says which step (and attempt) it names, shown once Run records it.
 */
export function LinkStepNotice() {
  const awaited = useRunStore(selectAwaitedStep);
  const attempt = useRunStore(selectAwaitedAttempt);
  const status = useRunStore(selectStatus);
  if ((awaited === null && attempt === null) || status !== 'idle') return null;
  const named = [
    awaited === null ? '' : `step ${awaited}`,
    attempt === null ? '' : `attempt ${attempt}`,
  ]
    .filter((part) => part !== '')
    .join(', ');
  return (
    <p
      role="note"
      className="shrink-0 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100"
    >
      Press Run to reproduce this run (the link names {named}).
    </p>
  );
}
