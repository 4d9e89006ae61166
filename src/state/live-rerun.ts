/**
 * The settings panel's live re-run: with the built-in model, a settings change re-runs the shown
 * run once the changes pause (a burst of typing is one run). A run started meanwhile (Run clicked,
 * a link followed) already uses the change, so the pending re-run is dropped: re-running it would
 * abandon that run mid-way and start the same one again (and an abandoned attempt's reflection
 * would be kept twice in the memory).
 */
import type { RunStore } from './run-store';
import { globalTimer, type Timer } from './timer';

/** How long the panel waits for more changes before it re-runs. */
export const RERUN_DELAY_MS = 300;

export interface LiveRerun {
  /** A setting changed: re-run once changes pause, if a run was shown and none started since. */
  changed(): void;
  /** Drops a pending re-run (the panel went away). */
  cancel(): void;
}

export function createLiveRerun(
  store: RunStore,
  timer: Timer = globalTimer,
  delayMs = RERUN_DELAY_MS,
): LiveRerun {
  let pending: unknown = null;
  const cancel = () => {
    if (pending !== null) timer.clearTimeout(pending);
    pending = null;
  };
  return {
    changed() {
      cancel();
      const changedAt = store.getState().runNumber;
      pending = timer.setTimeout(() => {
        pending = null;
        const state = store.getState();
        if (state.status !== 'idle' && state.runNumber === changedAt) void state.actions.run();
      }, delayMs);
    },
    cancel,
  };
}
