/** Narrow selectors over the run store, defined once at module scope (STYLE rule 7). */
import { scenarioConfig } from '../../engine';
import { selectedScenario, type RunState } from '../../state/run-store';

export const selectStatus = (state: RunState) => state.status;
export const selectScenarios = (state: RunState) => state.scenarios;
export const selectScenarioId = (state: RunState) => state.scenarioId;
export const selectCurrentScenario = (state: RunState) => selectedScenario(state);
export const selectSteps = (state: RunState) => state.steps;
export const selectEvents = (state: RunState) => state.events;
export const selectStreamingText = (state: RunState) => state.streamingText;
export const selectRunNumber = (state: RunState) => state.runNumber;
export const selectMetrics = (state: RunState) => state.metrics;
export const selectTrace = (state: RunState) => state.trace;
export const selectError = (state: RunState) => state.error;
export const selectPhase = (state: RunState) => state.phase;

/** The mode and gating the next run uses: the overrides resolved the way the engine does. */
export const selectMode = (state: RunState) =>
  scenarioConfig(selectedScenario(state), state.overrides).mode;
export const selectGating = (state: RunState) =>
  scenarioConfig(selectedScenario(state), state.overrides).reflection.gating;

/** Named actions; stable functions, so select them with `useShallow`. */
export const selectActions = (state: RunState) => ({
  selectScenario: state.selectScenario,
  setMode: state.setMode,
  setGating: state.setGating,
  run: state.run,
  stop: state.stop,
  reset: state.reset,
});
