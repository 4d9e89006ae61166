import type { ReactNode } from 'react';
import type { KeyValueStorage } from '../../state';
import type { RunStore } from '../../state/run-store';
import { RunStoreProvider } from '../run';
import { ShortcutsLayer } from '../shortcuts';
import { InspectorPanes } from './InspectorPanes';
import { MetricChips } from './MetricChips';
import { RunBanner } from './RunBanner';
import { ScenarioHeading } from './ScenarioHeading';
import { ThemeToggle } from './ThemeToggle';

export interface RecordedRunViewProps {
  /** A run store showing a recorded run (`actions.open(record)`); nothing here starts a run. */
  readonly store: RunStore;
  /** Where the theme and the pane sizes persist. */
  readonly storage: KeyValueStorage;
  /** The line under the header that says where the run comes from. */
  readonly notice: ReactNode;
}

/**
 * The inspector read-only: the same header heading, metric chips, banner and panes (phase graph,
 * decision record, timeline) over a recorded run, without anything that would call a model
 * (no Run, Step, scenario, mode, model or settings) and without links to other views.
 */
export function RecordedRunView({ store, storage, notice }: RecordedRunViewProps) {
  return (
    <RunStoreProvider store={store}>
      <ShortcutsLayer>
        <div className="flex h-screen min-h-0 flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
          <header className="flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
            <h1 className="shrink-0 text-[15px] font-semibold tracking-tight">Loopscope</h1>
            <ScenarioHeading />
            <div className="ml-auto shrink-0">
              <ThemeToggle storage={storage} />
            </div>
          </header>
          <p
            role="note"
            className="shrink-0 border-b border-sky-200 bg-sky-50 px-4 py-1.5 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
          >
            {notice}
          </p>
          <div className="flex h-9 shrink-0 items-center gap-3 overflow-x-auto border-b border-slate-200 bg-slate-50 px-3 dark:border-slate-800 dark:bg-slate-900/70">
            <MetricChips />
          </div>
          <RunBanner />
          <main className="flex min-h-0 flex-1 flex-col">
            <InspectorPanes storage={storage} settings={null} />
          </main>
        </div>
      </ShortcutsLayer>
    </RunStoreProvider>
  );
}
