/**
 * The Library's page: the same frame as the other views (title, view switch, Open…, theme) around
 * the Library view of the page's one library store, with what its buttons do: open a kept run in
 * the inspector, open ticked runs side by side in Compare, export the library or what storage
 * could not keep.
 */
import { ViewSwitch } from '../components/ViewSwitch';
import { Button } from '../components/Button';
import { ThemeToggle } from '../features/inspector';
import { LibraryView } from '../features/library';
import type { KeyValueStorage } from '../state';
import type { LibraryStore } from '../state/library-store';

export interface LibraryPageProps {
  readonly library: LibraryStore;
  readonly storage: KeyValueStorage;
  readonly onOpenRun: (id: string) => void;
  readonly onCompareRuns: (ids: readonly string[]) => void;
  /** Writes the library (or only the given runs) to a file. */
  readonly onExport: (ids?: readonly string[]) => void;
}

export function LibraryPage({
  library,
  storage,
  onOpenRun,
  onCompareRuns,
  onExport,
}: LibraryPageProps) {
  const header = (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
      <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
      <h1 className="shrink-0 text-[15px] font-semibold tracking-tight">Loopscope</h1>
      <ViewSwitch current="library" />
      <p className="min-w-0 truncate border-l border-slate-200 pl-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        Every run kept in this browser, newest first
      </p>
      <div className="ml-auto flex shrink-0 items-center gap-3">
        <Button
          size="sm"
          onClick={() => onExport()}
          title="Every kept run and your scenarios as one file"
        >
          Export library
        </Button>
        <ThemeToggle storage={storage} />
      </div>
    </header>
  );
  return (
    <LibraryView
      store={library}
      header={header}
      onOpenRun={onOpenRun}
      onCompareRuns={onCompareRuns}
      onExportUnsaved={() => onExport(library.getState().unsaved)}
    />
  );
}
