/**
 * The eval view's page: the same frame as the other views (title, view switch, theme) around
 * the eval view of the page's one eval store (the app's: a matrix goes on, and its results stay,
 * while another view is open).
 */
import type { ConfigOverrides, Scenario } from '../engine';
import type { KeyValueStorage } from '../state';
import type { EvalStore } from '../state/eval-store';
import { ViewSwitch } from '../components/ViewSwitch';
import { EvalView } from '../features/eval';
import { ThemeToggle } from '../features/inspector';

export interface EvalPageProps {
  readonly store: EvalStore;
  readonly scenarios: readonly Scenario[];
  readonly storage: KeyValueStorage;
  /** "Open" on a cell: the inspector on the cell's kept run (`run`), else its settings. */
  readonly onOpenRun: (scenarioId: string, overrides: ConfigOverrides, run: string | null) => void;
  /** "Compare" on two ticked cells: the compare view with those cells' settings as its lanes. */
  readonly onCompare: (scenarioId: string, overrides: readonly ConfigOverrides[]) => void;
}

export function EvalPage({ store, scenarios, storage, onOpenRun, onCompare }: EvalPageProps) {
  return (
    <div className="flex h-screen flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
        <img src="/favicon.svg" alt="" width={20} height={20} className="shrink-0" />
        <h1 className="shrink-0 text-[15px] font-semibold tracking-tight">Loopscope</h1>
        <ViewSwitch current="eval" />
        <p className="min-w-0 truncate border-l border-slate-200 pl-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          Scenarios × configs × seeds, run in a worker on the built-in models or your endpoints
        </p>
        <div className="ml-auto shrink-0">
          <ThemeToggle storage={storage} />
        </div>
      </header>
      <main className="flex min-h-0 flex-1 flex-col">
        <EvalView scenarios={scenarios} store={store} onOpenRun={onOpenRun} onCompare={onCompare} />
      </main>
    </div>
  );
}
