/**
 * The scenario editor's page: the same frame as the other views (title, view switch, Open…,
 * theme) around the editor of the user's own scenarios, kept in the page's library.
 */
import { useEffect, useState } from 'react';
import { LoadingNote } from '../components/LazyBoundary';
import { ViewSwitch } from '../components/ViewSwitch';
import type { Scenario } from '../engine';
import { ThemeToggle } from '../features/inspector';
import { ScenarioEditorView } from '../features/scenario-editor';
import type { KeyValueStorage } from '../state';
import type { LibraryStore } from '../state/library-store';
import type { ScenarioEditorStore } from '../state/scenario-editor-store';
import type { ScenarioEditing } from './scenario-editing';

export interface ScenariosPageProps {
  readonly editing: ScenarioEditing;
  readonly library: LibraryStore;
  readonly builtins: readonly Scenario[];
  readonly storage: KeyValueStorage;
}

export function ScenariosPage({ editing, library, builtins, storage }: ScenariosPageProps) {
  // The editor's store (and the schema it checks with) loads when the page is first shown: an
  // outside system, a module load, hence the effect.
  const [store, setStore] = useState<ScenarioEditorStore | null>(null);
  useEffect(() => {
    let shown = true;
    void editing.store().then((made) => shown && setStore(made));
    return () => {
      shown = false;
    };
  }, [editing]);
  const header = (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
      <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
      <h1 className="shrink-0 text-[15px] font-semibold tracking-tight">Loopscope</h1>
      <ViewSwitch current="scenarios" />
      <p className="min-w-0 truncate border-l border-slate-200 pl-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        Your own scenarios: start from a built-in, check as you type, run
      </p>
      <div className="ml-auto flex shrink-0 items-center gap-3">
        <ThemeToggle storage={storage} />
      </div>
    </header>
  );
  if (!store) return <LoadingNote what="the scenario editor" />;
  return (
    <ScenarioEditorView
      store={store}
      library={library}
      builtins={builtins}
      header={header}
      onRun={editing.run}
    />
  );
}
