/** Narrow selectors over the run store, at module scope (STYLE rule 7). */
import { runConfig } from '../../projections/decision-record';
import type { RunState } from '../../state/run-store';

export const selectSteps = (state: RunState) => state.steps;
export const selectCursor = (state: RunState) => state.cursor;
export const selectStatus = (state: RunState) => state.status;
export const selectPhase = (state: RunState) => state.phase;
export const selectPaused = (state: RunState) => state.paused;
export const selectConversations = (state: RunState) => state.conversations;
export const selectEscalation = (state: RunState) => state.trace?.escalation ?? null;
export const selectSelectStep = (state: RunState) => state.actions.selectStep;
export const selectRunNumber = (state: RunState) => state.runNumber;
/** The config the shown run used (from its `run-start` event while it runs). */
export const selectRunConfig = (state: RunState) => state.trace?.config ?? runConfig(state.events);
/** True while a call streams and the record follows the newest step. */
export const selectStreaming = (state: RunState) =>
  state.status === 'running' && state.cursor === null;
