import { useEffect, useMemo } from 'react';
import type { ConfigOverrides } from '../../engine';
import { useEndpoints, selectSelectedKind } from '../endpoints';
import { useLensShown } from '../lens';
import { selectImported } from '../../state/run-selectors';
import { createLiveRerun } from '../../state/live-rerun';
import { useRunStore, useRunStoreApi } from '../run';

/**
 * Applies settings changes. With the built-in simulated or scripted model a change also re-runs
 * the scenario once the changes pause (when it ran before, and no run started since:
 * `state/live-rerun.ts`); with a real endpoint it waits for Run, and so it does on a run imported
 * from another tool's trace (Run replays its recorded replies, which replaces the recording in
 * view: it waits to be asked). While the guards lens shows, a change re-tunes the lens over the
 * recorded run and never re-runs (`lens` is true then).
 */
export function useLiveSettings(): {
  readonly live: boolean;
  readonly lens: boolean;
  /** The shown run was imported from another tool's trace. */
  readonly imported: boolean;
  readonly apply: (change: ConfigOverrides) => void;
} {
  const store = useRunStoreApi();
  const lens = useLensShown();
  const imported = useRunStore(selectImported) !== null;
  const live = useEndpoints(selectSelectedKind) !== 'user' && !lens && !imported;
  // Outside system: the timer that re-runs once changes pause (state/live-rerun.ts).
  const rerun = useMemo(() => createLiveRerun(store), [store]);
  useEffect(() => rerun.cancel, [rerun]);

  const apply = (change: ConfigOverrides) => {
    store.getState().actions.updateOverrides(change);
    if (live) rerun.changed();
  };
  return { live, lens, imported, apply };
}
