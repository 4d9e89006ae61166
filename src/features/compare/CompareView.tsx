import { useEffect, useState } from 'react';
import { Button } from '../../components';
import { viewHash } from '../../components/view-route';
import type { KeyValueStorage } from '../../state';
import { lanesForUrl, type CompareState, type CompareStore } from '../../state/compare-store';
import { laneToken } from '../../state/lane-tokens';
import { AlignedStrip } from './AlignedStrip';
import { CompareHeader } from './CompareHeader';
import { CompareToolbar } from './CompareToolbar';
import { CompareStoreProvider } from './compare-context';
import { LaneGrid } from './LaneGrid';
import { StepDifferences } from './StepDifferences';
import { SummaryTable } from './SummaryTable';
import { useCompareKeys } from './use-compare-keys';

export interface CompareViewProps {
  /** The compare store: the app's, which lives as long as the page (and owns the lanes' runs). */
  readonly store: CompareStore;
  /** Why the link's lanes could not be read (the view then shows the lanes it had and says so). */
  readonly linkProblem?: string;
  /** Where the theme persists. */
  readonly storage: KeyValueStorage;
}

/** The compare hash of a state: its scenario, and its lanes once they are not a preset. */
const hashOf = (state: CompareState) =>
  viewHash(
    'compare',
    state.scenarioId,
    (lanesForUrl(state) ?? []).map((lane) => laneToken(lane.overrides)),
  );

/**
 * The compare view: 2–4 lanes of one scenario, each with its own settings and run store, on one
 * shared cursor over their aligned steps; the strip, what differs at the cursor, the summary
 * against a baseline, then the lanes side by side. It fills the window.
 */
/** A link whose lanes could not be read: what was wrong, and what shows instead; dismissible. */
function LinkProblem({ problem }: { readonly problem: string }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div
      role="alert"
      className="flex shrink-0 items-start gap-3 border-b border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1">
        {problem} Showing the ReAct vs ReflAct preset instead: pick the lanes&apos; settings below.
      </p>
      <Button size="sm" tone="ghost" onClick={() => setShown(false)}>
        Dismiss
      </Button>
    </div>
  );
}

export function CompareView({ store, linkProblem, storage }: CompareViewProps) {
  // The URL (an outside system) follows the scenario and the lanes, so a reload opens them again.
  useEffect(() => {
    const write = (state: CompareState) => {
      if (window.location.hash !== hashOf(state)) {
        window.history.replaceState(null, '', hashOf(state));
      }
    };
    // Back from another view (the switch names no lanes): the URL names the lanes kept here.
    if (!/[?&]lane=/.test(window.location.hash)) write(store.getState());
    return store.subscribe((state, previous) => {
      if (
        state.lanes !== previous.lanes ||
        state.scenarioId !== previous.scenarioId ||
        state.preset !== previous.preset
      ) {
        write(state);
      }
    });
  }, [store]);
  useCompareKeys(store);
  return (
    <CompareStoreProvider store={store}>
      <div className="flex h-screen min-h-0 flex-col overflow-hidden bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <CompareHeader storage={storage} />
        <CompareToolbar />
        {linkProblem && <LinkProblem problem={linkProblem} />}
        <main className="flex min-h-0 flex-1 flex-col overflow-auto bg-slate-50 dark:bg-slate-950">
          <div className="flex shrink-0 flex-wrap gap-3 px-3 pt-3 xl:flex-nowrap">
            <div className="flex min-w-[30rem] flex-1 flex-col gap-3">
              <AlignedStrip />
              <StepDifferences />
            </div>
            <SummaryTable />
          </div>
          <LaneGrid />
        </main>
      </div>
    </CompareStoreProvider>
  );
}
