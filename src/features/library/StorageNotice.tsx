import { Button } from '../../components/Button';
import { useLibraryStore } from './library-context';
import { selectProblem, selectUnsavedCount } from './selectors';

/**
 * The one place storage trouble is told: what happened and what to do, that runs are kept in
 * memory until the tab closes, and an export of what is not saved.
 */
export function StorageNotice({ onExportUnsaved }: { readonly onExportUnsaved: () => void }) {
  const problem = useLibraryStore(selectProblem);
  const unsaved = useLibraryStore(selectUnsavedCount);
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="flex items-center gap-3 border-b border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1">
        <span className="font-semibold">Runs are not being saved. </span>
        {problem.message} Until then runs are kept in this tab only
        {unsaved > 0 ? ` (${unsaved} not saved)` : ''}.
      </p>
      {unsaved > 0 ? (
        <Button size="sm" onClick={onExportUnsaved}>
          Export unsaved runs
        </Button>
      ) : null}
    </div>
  );
}
