import { useRunStore } from '../run';
import { selectAwaitedStep, selectStatus } from './selectors';

/**
 * On a real endpoint a link does not run by itself (calls cost money there): it sets the
 * scenario and settings up and says which step it names, selected once Run records it.
 */
export function LinkStepNotice() {
  const awaited = useRunStore(selectAwaitedStep);
  const status = useRunStore(selectStatus);
  if (awaited === null || status !== 'idle') return null;
  return (
    <p
      role="note"
      className="shrink-0 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/50 dark:text-sky-100"
    >
      Press Run to reproduce this run (the link names step {awaited}).
    </p>
  );
}
