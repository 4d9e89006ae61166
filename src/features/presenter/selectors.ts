/** Narrow selectors over the presenter store, at module scope (STYLE rule 7). */
import type { PresenterState } from '../../state/presenter-store';

export const selectPhase = (state: PresenterState) => state.phase;
export const selectTitle = (state: PresenterState) => state.title;
export const selectWatch = (state: PresenterState) => state.watch;
export const selectDemoId = (state: PresenterState) => state.demoId;
export const selectLanes = (state: PresenterState) => state.lanes;
export const selectScenario = (state: PresenterState) => state.scenario;
export const selectPresentation = (state: PresenterState) => state.presentation;
export const selectRow = (state: PresenterState) => state.row;
export const selectPausedFor = (state: PresenterState) => state.pausedFor;
export const selectSpeed = (state: PresenterState) => state.speed;
export const selectPauseOnMoments = (state: PresenterState) => state.pauseOnMoments;
export const selectProgress = (state: PresenterState) => state.progress;
export const selectError = (state: PresenterState) => state.error;
export const selectRowCount = (state: PresenterState) => state.presentation?.rows.length ?? 0;
/** The row on screen (the presentation's own object), or null on the title card. */
export const selectCurrentRow = (state: PresenterState) =>
  state.row === null ? null : (state.presentation?.rows[state.row] ?? null);
