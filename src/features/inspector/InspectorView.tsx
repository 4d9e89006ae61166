import { useDeferredValue, useEffect, useReducer, useRef, useState } from 'react';
import { LinkProblem } from '../../components';
import type { SplitHandle } from '../../components/split';
import type { KeyValueStorage } from '../../state';
import type { RunStore } from '../../state/run-store';
import { RunStoreProvider } from '../run';
import { ShortcutsLayer } from '../shortcuts';
import { InspectorHeader } from './InspectorHeader';
import type { RunExporter } from './ExportMenu';
import { InspectorPanes } from './InspectorPanes';
import { ImportedNote } from './ImportedNote';
import { LinkStepNotice } from './LinkStepNotice';
import { RunBanner } from './RunBanner';
import { TopBar } from './TopBar';

export interface InspectorViewProps {
  /** The inspector's run store: the app's, which lives as long as the page (a run goes on). */
  readonly store: RunStore;
  /** Where the theme and the pane sizes persist (localStorage in the app). */
  readonly storage: KeyValueStorage;
  /** What the link could not say (a bad settings token or step), and what shows instead. */
  readonly linkProblem?: string;
  /** Export's formats, made into files by the app; no Export menu without it. */
  readonly onExport?: RunExporter;
}

/**
 * The inspector: the page's one inspector run store; header, top bar, banner, then the resizable panes
 * (settings, phase graph, decision record; the timeline below). It fills the window.
 */
export function InspectorView({ store, storage, linkProblem, onExport }: InspectorViewProps) {
  const settingsRef = useRef<SplitHandle>(null);
  const [settingsCollapsed, setSettingsCollapsed] = useState(false);
  const toggleSettings = () => settingsRef.current?.toggle('settings');
  useClosedTraceReleased(store);
  return (
    <RunStoreProvider store={store}>
      {/* One keyboard layer for the page (the timeline's own layer then only renders). */}
      <ShortcutsLayer>
        <div className="flex h-screen min-h-0 flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
          <InspectorHeader storage={storage} onExport={onExport} />
          <TopBar settingsCollapsed={settingsCollapsed} onToggleSettings={toggleSettings} />
          {linkProblem && <LinkProblem key={linkProblem} problem={linkProblem} />}
          <LinkStepNotice />
          <ImportedNote />
          <RunBanner />
          <main className="flex min-h-0 flex-1 flex-col">
            <InspectorPanes
              storage={storage}
              settings={{
                ref: settingsRef,
                collapsed: settingsCollapsed,
                onCollapsed: setSettingsCollapsed,
              }}
            />
          </main>
        </div>
      </ShortcutsLayer>
    </RunStoreProvider>
  );
}

/**
 * A trace that closes (Reset) leaves the page's memory once the view has settled, not whenever
 * the header next renders. React keeps each component's previous render beside its current one,
 * and those that read the trace kept it there (the header's Export menu and metric chips, the
 * timeline's and the decision record's effects): ~18 of a 20,000-step trace's 21 MB stayed
 * after Reset (e2e/open-close-heap.spec.ts). So each closing is counted, and once the count has
 * settled (in the deferred render that also shows the lens's deferred trace gone) the whole view
 * renders once more, and its previous renders no longer hold the trace. Only a closing renders
 * the view (an empty inspector, a few milliseconds); an opening does not.
 */
function useClosedTraceReleased(store: RunStore): void {
  const [closes, closed] = useReducer((count: number) => count + 1, 0);
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (previous.trace !== null && state.trace === null) closed();
      }),
    [store],
  );
  const settled = useDeferredValue(closes);
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (settled > 0) renderAgain();
  }, [settled]);
}
