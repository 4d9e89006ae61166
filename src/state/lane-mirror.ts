/** How a compare lane mirrors its run store: the fields the compare view reads, and when they changed. */
import type { RunState } from './run-store-types';

/** The lane's run as the compare store holds it (by reference). */
export const mirror = (state: RunState) => ({
  status: state.status,
  runNumber: state.runNumber,
  steps: state.steps,
  trace: state.trace,
  error: state.error,
  cursor: state.cursor,
  shownId: state.status === 'idle' ? null : (state.shown?.id ?? null),
  live: state.shown?.origin.kind === 'live',
});

/** The run changed in a way the compare store mirrors. */
export const changed = (state: RunState, previous: RunState) =>
  state.status !== previous.status ||
  state.steps !== previous.steps ||
  state.trace !== previous.trace ||
  state.error !== previous.error ||
  state.cursor !== previous.cursor ||
  state.runNumber !== previous.runNumber ||
  state.overrides !== previous.overrides ||
  state.shown !== previous.shown;
