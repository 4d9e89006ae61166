/**
 * Narrow selectors over a run store, defined once at module scope (STYLE rule 7): every feature
 * that shows a run subscribes through these (or derives from them). Actions are not selected:
 * read them with the context's `useActions()`.
 */
import { gradeRun, scenarioConfig, type LoopConfig, type RunGrade, type Trace } from '../engine';
import { buildAttempts, type AttemptSummary } from '../projections/attempts';
import { runConfig } from '../projections/decision-record';
import { scopeRange } from './run-cursor';
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
export const selectAwaitedAttempt = (state: RunState) => state.awaitedAttempt;

/** The mode the next run uses: the overrides resolved the way the engine does. */
export const selectMode = (state: RunState) =>
  scenarioConfig(selectedScenario(state), state.overrides).mode;

/** The attempt the views are scoped to (null: all attempts). */
export const selectAttempt = (state: RunState) => state.attempt;
/** The first and last step the views show (the selected attempt's, or the run's), as numbers. */
export const selectScopeFirst = (state: RunState) => scopeRange(state)?.first ?? 0;
export const selectScopeLast = (state: RunState) => scopeRange(state)?.last ?? -1;
/** How many steps the views show (the selected attempt's, or all). */
export const selectScopeCount = (state: RunState) => {
  const range = scopeRange(state);
  return range ? range.last - range.first + 1 : 0;
};

/** The settings the shown run used: its trace's, or its `run-start` event's while it runs. */
export const selectShownConfig = (state: RunState): LoopConfig | null =>
  state.trace?.config ?? runConfig(state.events);

const NO_ATTEMPTS: readonly AttemptSummary[] = [];
/** Per steps array (each store's own), the last build and what it was built from. */
const attemptsCache = new WeakMap<
  object,
  { readonly key: readonly unknown[]; readonly value: readonly AttemptSummary[] }
>();

/** The attempts of the shown run, rebuilt only when the steps, path, settings or end change. */
export const selectAttempts = (state: RunState): readonly AttemptSummary[] => {
  const config = selectShownConfig(state);
  const scenario = state.shown?.scenario ?? null;
  if (state.steps.length === 0 || !config || !scenario) return NO_ATTEMPTS;
  const key = [state.path, config, scenario, state.trace];
  const cached = attemptsCache.get(state.steps);
  if (cached && key.every((part, i) => part === cached.key[i])) return cached.value;
  const value = buildAttempts({
    steps: state.steps,
    path: state.path,
    config,
    // The run's own reward source; the verifier of a scenario without one leaves it unknown.
    rewardSource:
      config.rewardSource === 'verifier' && !scenario.verify ? 'none' : config.rewardSource,
    verify: scenario.verify ?? null,
    stopReason: state.trace?.stopReason ?? null,
  });
  attemptsCache.set(state.steps, { key, value });
  return value;
};

/** More than one attempt: the attempts strip shows. */
export const selectHasAttempts = (state: RunState) => selectAttempts(state).length > 1;
/** What an imported run held beyond its steps (the span tree), or null. */
export const selectImported = (state: RunState) => state.shown?.imported ?? null;
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
