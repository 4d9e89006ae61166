import { useRunStore } from '../run';
import { selectOrigin } from './selectors';

/** A line over a run opened from a file: which file, and that Run records it again live. */
export function ImportedNote() {
  const origin = useRunStore(selectOrigin);
  if (origin?.kind !== 'imported') return null;
  return (
    <p
      role="status"
      className="shrink-0 border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      A recorded run, opened from <span className="font-medium">{origin.source}</span> and kept in
      the Library. Run records it again, live, with the settings shown.
    </p>
  );
}
