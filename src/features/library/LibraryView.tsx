import { useMemo, useState, type ReactNode } from 'react';
import type { LibraryStore } from '../../state/library-store';
import { visibleRuns } from '../../state/library-query';
import { LibraryFooter } from './LibraryFooter';
import { LibraryStoreProvider, useLibraryActions, useLibraryStore } from './library-context';
import { LibraryToolbar } from './LibraryToolbar';
import { RunList } from './RunList';
import { selectRuns, selectStatus } from './selectors';
import { StorageNotice } from './StorageNotice';
import { UndoBar } from './UndoBar';

export interface LibraryViewProps {
  readonly store: LibraryStore;
  /** The page header (title, view switch, Open…, theme): the app's. */
  readonly header: ReactNode;
  /** Open one kept run in the inspector. */
  readonly onOpenRun: (id: string) => void;
  /** Open two or more kept runs side by side in Compare. */
  readonly onCompareRuns: (ids: readonly string[]) => void;
  /** Write the runs kept only in memory to a file (storage failed). */
  readonly onExportUnsaved: () => void;
}

/** The Library: every kept run, newest first, to search, filter, open, compare, rename, pin and delete. */
export function LibraryView({ store, header, ...rest }: LibraryViewProps) {
  return (
    <LibraryStoreProvider store={store}>
      <div className="flex h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        {header}
        <main className="flex min-h-0 flex-1 flex-col">
          <StorageNotice onExportUnsaved={rest.onExportUnsaved} />
          <LibraryBody {...rest} />
        </main>
        <UndoBar />
      </div>
    </LibraryStoreProvider>
  );
}

function LibraryBody({
  onOpenRun,
  onCompareRuns,
}: Omit<LibraryViewProps, 'store' | 'header' | 'onExportUnsaved'>) {
  const status = useLibraryStore(selectStatus);
  const runs = useLibraryStore(selectRuns);
  const shown = useLibraryStore(visibleRuns);
  const actions = useLibraryActions();
  const [now] = useState(() => Date.now());
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  // Only runs still listed count as ticked (a delete or a filter may have taken some away).
  const checked = useMemo(
    () => new Set(shown.filter((run) => ticked.has(run.id)).map((run) => run.id)),
    [shown, ticked],
  );
  const scenarios = useMemo(() => {
    const titles = new Map<string, string>();
    for (const run of runs)
      if (!titles.has(run.scenarioId)) titles.set(run.scenarioId, run.scenarioTitle);
    return [...titles]
      .map(([id, title]) => ({ id, title }))
      .sort((a, b) => a.title.localeCompare(b.title));
  }, [runs]);
  const check = (id: string, on: boolean) =>
    setTicked((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const checkAll = (on: boolean) => setTicked(on ? new Set(shown.map((run) => run.id)) : new Set());
  const ids = [...checked];
  return (
    <>
      <LibraryToolbar
        scenarios={scenarios}
        shown={shown.length}
        total={runs.length}
        checked={ids.length}
        onOpenChecked={() => ids[0] && onOpenRun(ids[0])}
        onCompareChecked={() => onCompareRuns(ids)}
        onDeleteChecked={() => {
          void actions.remove(ids);
          setTicked(new Set());
        }}
      />
      {status === 'loading' ? (
        <p role="status" className="flex-1 p-6 text-sm text-slate-600 dark:text-slate-400">
          Reading the library…
        </p>
      ) : runs.length === 0 ? (
        <EmptyLibrary />
      ) : shown.length === 0 ? (
        <div className="flex-1 p-6 text-sm text-slate-600 dark:text-slate-400">
          <p>No kept run matches the search and filters.</p>
          <button
            type="button"
            className="mt-2 text-sky-800 underline dark:text-sky-300"
            onClick={() => actions.setQuery({ text: '', outcome: 'all', scenarioId: null })}
          >
            Clear the search and filters
          </button>
        </div>
      ) : (
        <RunList
          runs={shown}
          now={now}
          checked={checked}
          onCheck={check}
          onCheckAll={checkAll}
          onOpen={onOpenRun}
        />
      )}
      <LibraryFooter now={now} />
    </>
  );
}

function EmptyLibrary() {
  return (
    <div className="flex-1 overflow-auto">
      <div className="mx-auto mt-16 max-w-lg px-6 text-sm text-slate-700 dark:text-slate-300">
        <h2 className="text-base font-semibold text-slate-900 dark:text-slate-100">
          No runs kept yet
        </h2>
        <p className="mt-2">
          Runs you make in Inspect, Compare and the presenter are kept here as they happen, and stay
          after a reload.
        </p>
        <p className="mt-2">
          To look at a run from elsewhere, press <span className="font-medium">Open…</span> or drop
          its file anywhere on the page: a trace printed by{' '}
          <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">loop run --json</code>, a{' '}
          <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">.loopscope.json</code> file,
          a scenario file or a library export. Pasting its text works too.
        </p>
      </div>
    </div>
  );
}
