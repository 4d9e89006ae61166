import { useEffect, useState } from 'react';
import type { ConfigOverrides, Scenario } from '../../engine';
import type { KeyValueStorage } from '../../state';
import { createEvalStore, type EvalSelection } from '../../state/eval-store';
import type { EvalWorkerFactory } from '../../workers/eval-protocol';
import { useSavedConfigsApi } from '../saved-configs';
import { browserEvalWorker } from './browser-worker';
import { EvalResults } from './EvalResults';
import { EvalStoreContext } from './eval-store-context';
import { SelectionPanel } from './SelectionPanel';

export interface EvalViewProps {
  /** The scenarios to pick from, in suite order (the built-ins: the worker runs those). */
  readonly scenarios: readonly Scenario[];
  /** "Open" on a cell: the run's scenario and the overrides that reproduce it (mode, gating, seed). */
  readonly onOpenRun?: (scenarioId: string, overrides: ConfigOverrides) => void;
  /** "Compare" with two cells of one scenario ticked: their overrides, in column order. */
  readonly onCompare?: (
    scenarioId: string,
    overrides: readonly [ConfigOverrides, ConfigOverrides],
  ) => void;
  /** The worker; by default a Web Worker running src/workers/eval-worker.ts. Read once. */
  readonly createWorker?: EvalWorkerFactory;
  /** The first selection; by default what `loop eval` runs. Read once. */
  readonly initial?: Partial<EvalSelection>;
  /** Where the selection persists across reloads (the page's localStorage). Read once. */
  readonly storage?: KeyValueStorage;
}

/**
 * The eval matrix: pick scenarios × configs × seeds and a model (the built-in ones or a user
 * endpoint, N runs at a time), run them in a Web Worker (the page stays responsive), then read
 * the matrix, its verdicts and charts, and export the rows. It fills its container (give it a
 * flex column parent) and needs the endpoints feature's `EndpointsStoreProvider` above it; with a
 * `SavedConfigsProvider` above it, the user's saved settings are columns too.
 */
export function EvalView({
  scenarios,
  onOpenRun,
  onCompare,
  createWorker,
  initial,
  storage,
}: EvalViewProps) {
  const saved = useSavedConfigsApi();
  const [store] = useState(() =>
    createEvalStore({
      scenarios,
      createWorker: createWorker ?? browserEvalWorker,
      ...(initial ? { initial } : {}),
      ...(storage ? { storage } : {}),
      // Saved settings are read when a run starts: columns named by what the user called them.
      savedConfigs: () =>
        saved?.getState().configs.map(({ name, overrides }) => ({ label: name, overrides })) ?? [],
    }),
  );
  // The worker's lifecycle: started when the view opens (its start-up is then over before the
  // first Run), ended with the view.
  useEffect(() => {
    store.getState().prepare();
    return () => store.getState().dispose();
  }, [store]);
  return (
    <EvalStoreContext value={store}>
      <div className="flex min-h-0 flex-1 bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <SelectionPanel scenarios={scenarios} />
        <EvalResults
          scenarios={scenarios}
          {...(onOpenRun ? { onOpenRun } : {})}
          {...(onCompare ? { onCompare } : {})}
        />
      </div>
    </EvalStoreContext>
  );
}
