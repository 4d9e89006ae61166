import { Button } from '../../components/Button';
import { runsWord } from './format';
import { useLibraryActions, useLibraryStore } from './library-context';
import { selectRemoved } from './selectors';

/** After a delete: what went and an Undo that brings it back (read out as it appears). */
export function UndoBar() {
  const removed = useLibraryStore(selectRemoved);
  const actions = useLibraryActions();
  return (
    <div aria-live="polite" className="contents">
      {removed && removed.summaries.length > 0 ? (
        <div className="fixed bottom-12 left-4 z-20 flex items-center gap-3 rounded-md bg-slate-900 px-4 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          <span>Deleted {runsWord(removed.summaries.length)}.</span>
          <Button
            size="sm"
            tone="ghost"
            className="text-sky-300 dark:text-sky-700"
            onClick={() => void actions.undoRemove()}
          >
            Undo
          </Button>
        </div>
      ) : null}
    </div>
  );
}
