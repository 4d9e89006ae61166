/** Narrow selectors over the run store, defined once at module scope (STYLE rule 7). */
import { scenarioConfig } from '../../projections/scenario-config';
import { selectedScenario, type RunState } from '../../state/run-store';

export const selectStatus = (state: RunState) => state.status;
export const selectPaused = (state: RunState) => state.paused;
export const selectScenarios = (state: RunState) => state.scenarios;
export const selectScenarioId = (state: RunState) => state.scenarioId;
export const selectTrace = (state: RunState) => state.trace;
export const selectError = (state: RunState) => state.error;
export const selectPhase = (state: RunState) => state.phase;
export const selectStepCount = (state: RunState) => state.steps.length;

/** The mode the next run uses: the overrides resolved the way the engine does. */
export const selectMode = (state: RunState) =>
  scenarioConfig(selectedScenario(state), state.overrides).mode;

/** Named actions; stable functions, so select them with `useShallow`. */
export const selectActions = (state: RunState) => ({
  selectScenario: state.selectScenario,
  setMode: state.setMode,
  run: state.run,
  step: state.step,
  pause: state.pause,
  resume: state.resume,
  stop: state.stop,
  reset: state.reset,
});
