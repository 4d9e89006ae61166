import { useEffect } from 'react';
import type { ConfigOverrides, Scenario } from '../../engine';
import type { EvalStore } from '../../state/eval-store';
import { EvalResults } from './EvalResults';
import type { OpenRun } from './OutcomeBadges';
import { EvalStoreProvider } from './eval-store-context';
import { SelectionPanel } from './SelectionPanel';

export interface EvalViewProps {
  /** The scenarios to pick from, in suite order (the built-ins: the worker runs those). */
  readonly scenarios: readonly Scenario[];
  /**
   * The eval store the view shows and drives, made by its owner (`createEvalStore`, with the
   * worker from `browserEvalWorker`) so it can outlive the view: unmounting the view stops
   * nothing; the owner ends the worker with the store's `dispose`.
   */
  readonly store: EvalStore;
  /**
   * "Open" on a cell: the run's scenario, the overrides that reproduce it (mode, gating, seed)
   * and the id of the run kept in the library (null: none kept).
   */
  readonly onOpenRun?: OpenRun;
  /** "Compare" with two cells of one scenario ticked: their overrides, in column order. */
  readonly onCompare?: (
    scenarioId: string,
    overrides: readonly [ConfigOverrides, ConfigOverrides],
  ) => void;
}

/**
 * The eval matrix: pick scenarios × configs × seeds and a model (the built-in ones or a user
 * endpoint, N runs at a time), run them in a Web Worker (the page stays responsive), then read
 * the matrix, its verdicts and charts, and export the rows. It fills its container (give it a
 * flex column parent) and needs the endpoints feature's `EndpointsStoreProvider` and the
 * saved-configs feature's `SavedConfigsProvider` above it.
 */
export function EvalView({ scenarios, store, onOpenRun, onCompare }: EvalViewProps) {
  // The worker's start-up (mostly the tokenizer's tables) begins when the view opens, so it is
  // over before the first Run. No cleanup: the worker is the store's, and outlives the view.
  useEffect(() => {
    store.getState().actions.prepare();
  }, [store]);
  return (
    <EvalStoreProvider store={store}>
      <div className="flex min-h-0 flex-1 bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <SelectionPanel scenarios={scenarios} />
        <EvalResults
          scenarios={scenarios}
          {...(onOpenRun ? { onOpenRun } : {})}
          {...(onCompare ? { onCompare } : {})}
        />
      </div>
    </EvalStoreProvider>
  );
}
