/**
 * The Memory page: the same frame as the other views (title, view switch, Open…, theme) around
 * the Memory view of the app's one reflections store.
 */
import { ViewSwitch } from '../components/ViewSwitch';
import { ThemeToggle } from '../features/inspector';
import { MemoryView } from '../features/memory';
import type { KeyValueStorage } from '../state';
import type { ReflectionsStore } from '../state/reflections-store';

export interface MemoryPageProps {
  readonly reflections: ReflectionsStore;
  readonly storage: KeyValueStorage;
}

export function MemoryPage({ reflections, storage }: MemoryPageProps) {
  const header = (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
      <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
      <h1 className="shrink-0 text-[15px] font-semibold tracking-tight">Loopscope</h1>
      <ViewSwitch current="memory" />
      <p className="min-w-0 truncate border-l border-slate-200 pl-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        Reflections attempts left, kept across runs: what “Across runs” history injects
      </p>
      <div className="ml-auto flex shrink-0 items-center gap-3">
        <ThemeToggle storage={storage} />
      </div>
    </header>
  );
  return <MemoryView store={reflections} header={header} />;
}
