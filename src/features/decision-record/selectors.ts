/** The decision record's selectors: the run store's own (`state/run-selectors.ts`), and two derived. */
import { runConfig } from '../../projections/decision-record';
import type { RunState } from '../../state/run-store';

export {
  selectAttempts,
  selectConversations,
  selectCursor,
  selectImported,
  selectEscalation,
  selectPaused,
  selectPhase,
  selectRunNumber,
  selectStatus,
  selectSteps,
} from '../../state/run-selectors';
/** The config the shown run used (from its `run-start` event while it runs). */
export const selectRunConfig = (state: RunState) => state.trace?.config ?? runConfig(state.events);
/** True while a call streams and the record follows the newest step. */
export const selectStreaming = (state: RunState) =>
  state.status === 'running' && state.cursor === null;
