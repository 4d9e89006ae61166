import { useEffect, useState } from 'react';
import { Button } from '../../components';
import { viewHash } from '../../components/view-route';
import type { Scenario } from '../../engine';
import type { KeyValueStorage } from '../../state';
import { createCompareStore, lanesForUrl, type LaneSpec } from '../../state/compare-store';
import { laneToken } from '../../state/lane-tokens';
import { selectSelectedKind, useEndpoints } from '../endpoints';
import type { RunStoreDeps } from '../../state/run-store';
import { AlignedStrip } from './AlignedStrip';
import { CompareHeader } from './CompareHeader';
import { CompareToolbar } from './CompareToolbar';
import { CompareStoreContext } from './compare-context';
import { LaneGrid } from './LaneGrid';
import { StepDifferences } from './StepDifferences';
import { SummaryTable } from './SummaryTable';
import { useCompareKeys } from './use-compare-keys';

export interface CompareViewProps {
  readonly scenarios: readonly Scenario[];
  /** The scenario the lanes open on (read once; the first one when unknown). */
  readonly scenarioId: string;
  /** Lanes to open with, which run at once (two eval matrix cells); else ReAct vs ReflAct. */
  readonly lanes?: readonly LaneSpec[];
  /** Why the link's lanes could not be read (the view then opens on the preset and says so). */
  readonly linkProblem?: string;
  /** The runner's I/O for every lane's run store (read once per lane). */
  readonly deps?: RunStoreDeps;
  /** Where the theme persists. */
  readonly storage: KeyValueStorage;
}

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

export function CompareView({
  scenarios,
  scenarioId,
  lanes,
  linkProblem,
  deps,
  storage,
}: CompareViewProps) {
  // Given lanes run at once on the built-in model; on a real endpoint they wait for Run (calls cost).
  const builtin = useEndpoints(selectSelectedKind) === 'builtin';
  const [store] = useState(() =>
    createCompareStore({
      scenarios,
      scenarioId,
      ...(lanes ? { lanes, runGiven: builtin } : { preset: 'react-vs-reflact' }),
    }),
  );
  // The URL (an outside system) follows the scenario and the lanes, so a reload opens them again.
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (
          state.lanes === previous.lanes &&
          state.scenarioId === previous.scenarioId &&
          state.preset === previous.preset
        ) {
          return;
        }
        const tokens = (lanesForUrl(state) ?? []).map((lane) => laneToken(lane.overrides));
        window.history.replaceState(null, '', viewHash('compare', state.scenarioId, tokens));
      }),
    [store],
  );
  useCompareKeys(store);
  return (
    <CompareStoreContext value={store}>
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
          <LaneGrid deps={deps} />
        </main>
      </div>
    </CompareStoreContext>
  );
}
