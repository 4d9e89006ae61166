import { useEffect, useState } from 'react';
import type { ConfigOverrides } from '../../engine';
import { useEndpoints, selectSelectedKind } from '../endpoints';
import { useLensShown } from '../lens';
import { selectImported } from '../../state/run-selectors';
import { useRunStore, useRunStoreApi } from '../run';

/** How long the panel waits for more changes before it re-runs (a burst of typing is one run). */
export const RERUN_DELAY_MS = 300;

/**
 * Applies settings changes. With the built-in simulated or scripted model a change also re-runs
 * the scenario once the changes pause (when it ran before); with a real endpoint it waits for Run,
 * and so it does on a run imported from another tool's trace (Run replays its recorded replies,
 * which replaces the recording in view: it waits to be asked). While the guards lens
 * shows, a change re-tunes the lens over the recorded run and never re-runs (`lens` is true then).
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
  const [changes, setChanges] = useState(0);

  // Outside system: a timer that re-runs the scenario; a newer change restarts it.
  useEffect(() => {
    if (changes === 0) return;
    const timer = setTimeout(() => {
      const state = store.getState();
      if (state.status !== 'idle') void state.actions.run();
    }, RERUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [changes, store]);

  const apply = (change: ConfigOverrides) => {
    store.getState().actions.updateOverrides(change);
    if (live) setChanges((count) => count + 1);
  };
  return { live, lens, imported, apply };
}
