/**
 * Narrow selectors over a run store, defined once at module scope (STYLE rule 7): every feature
 * that shows a run subscribes through these (or derives from them). Actions are not selected:
 * read them with the context's `useActions()`.
 */
import { scenarioConfig } from '../engine';
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

/** What an imported run held beyond its steps (the span tree), or null. */
export const selectImported = (state: RunState) => state.shown?.imported ?? null;
