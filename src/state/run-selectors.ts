/**
 * Narrow selectors over a run store, defined once at module scope (STYLE rule 7): every feature
 * that shows a run subscribes through these (or derives from them). Actions are not selected:
 * read them with the context's `useActions()`.
 */
import { gradeRun, scenarioConfig, type RunGrade, type Trace } from '../engine';
import { selectedScenario } from './run-store';
import type { RunState } from './run-store-types';

export const selectStatus = (state: RunState) => state.status;
export const selectLive = (state: RunState) => state.status === 'running';
export const selectPaused = (state: RunState) => state.paused;
export const selectRunNumber = (state: RunState) => state.runNumber;
export const selectScenarios = (state: RunState) => state.scenarios;
export const selectOwnScenarioIds = (state: RunState) => state.ownScenarioIds;
export const selectScenarioId = (state: RunState) => state.scenarioId;
export const selectOverrides = (state: RunState) => state.overrides;
/** Where the shown run came from (null before a run). */
export const selectOrigin = (state: RunState) => state.shown?.origin ?? null;
export const selectTrace = (state: RunState) => state.trace;
export const selectError = (state: RunState) => state.error;
export const selectEscalation = (state: RunState) => state.trace?.escalation ?? null;
export const selectPhase = (state: RunState) => state.phase;
export const selectSteps = (state: RunState) => state.steps;
export const selectStepCount = (state: RunState) => state.steps.length;
export const selectPath = (state: RunState) => state.path;
export const selectConversations = (state: RunState) => state.conversations;
export const selectCursor = (state: RunState) => state.cursor;
export const selectSelection = (state: RunState) => state.selection;
export const selectPlaying = (state: RunState) => state.playing;
export const selectPlaybackMs = (state: RunState) => state.playbackMs;
export const selectAwaitedStep = (state: RunState) => state.awaitedStep;

/** The mode the next run uses: the overrides resolved the way the engine does. */
export const selectMode = (state: RunState) =>
  scenarioConfig(selectedScenario(state), state.overrides).mode;

const grades = new WeakMap<Trace, RunGrade | null>();

/**
 * The shown run graded against the scenario it ran on (the engine's `gradeRun`, the presenter's
 * and the eval matrix's verdict); null before the run ends or when the scenario expects nothing.
 * Memoised per trace, so it is the same object until the trace changes.
 */
export const selectGrade = (state: RunState): RunGrade | null => {
  const { trace, shown } = state;
  if (!trace || !shown) return null;
  if (!grades.has(trace)) grades.set(trace, gradeRun(shown.scenario, trace));
  return grades.get(trace) ?? null;
};
