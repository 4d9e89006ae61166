/** Narrow selectors over the run store for the phase graph, at module scope (STYLE rule 7). */
import type { RunState } from '../../state/run-store';

export const selectPath = (state: RunState) => state.path;
export const selectSteps = (state: RunState) => state.steps;
export const selectPhase = (state: RunState) => state.phase;
export const selectLive = (state: RunState) => state.status === 'running';
export const selectCursor = (state: RunState) => state.cursor;
export const selectSelection = (state: RunState) => state.selection;
/** The run's escalation once it ended: it names what the fabrication guard found missing. */
export const selectEscalation = (state: RunState) => state.trace?.escalation ?? null;
