/** Narrow selectors over the compare store and the lanes' run stores, at module scope. */
import type { CompareState } from '../../state/compare-store';

export const selectScenarios = (state: CompareState) => state.scenarios;
export const selectScenarioId = (state: CompareState) => state.scenarioId;
export const selectLanes = (state: CompareState) => state.lanes;
export const selectLaneCount = (state: CompareState) => state.lanes.length;
export const selectBaseline = (state: CompareState) => state.baseline;
export const selectRow = (state: CompareState) => state.row;
export const selectPreset = (state: CompareState) => state.preset;
export const selectRuns = (state: CompareState) => state.runs;
export const selectRanWith = (state: CompareState) => state.ranWith;
/** True while any lane runs. */
export const selectAnyRunning = (state: CompareState) =>
  state.lanes.some((lane) => state.runs[lane.id]?.status === 'running');
/** True once every lane has recorded a step. */
export const selectAnySteps = (state: CompareState) =>
  state.lanes.some((lane) => (state.runs[lane.id]?.steps.length ?? 0) > 0);

/** A lane's own run store, through the run store's selectors (`state/run-selectors.ts`). */
export {
  selectCursor as selectRunCursor,
  selectError as selectRunError,
  selectGrade as selectRunGrade,
  selectStatus as selectRunStatus,
  selectStepCount as selectRunStepCount,
  selectTrace as selectRunTrace,
} from '../../state/run-selectors';

/** Each lane's steps, in lane order (select with `useShallow`: stable while only cursors move). */
export const selectLaneSteps = (state: CompareState) =>
  state.lanes.map((lane) => state.runs[lane.id]?.steps ?? NO_STEPS);
/** Each lane's own cursor, in lane order (select with `useShallow`). */
export const selectLaneCursors = (state: CompareState) =>
  state.lanes.map((lane) => state.runs[lane.id]?.cursor ?? null);

const NO_STEPS: readonly never[] = [];
/** Each lane's run status, in lane order (select with `useShallow`). */
export const selectLaneStatuses = (state: CompareState) =>
  state.lanes.map((lane) => state.runs[lane.id]?.status ?? 'idle');

/** Every lane has a recorded run (what an HTML page of the lanes needs). */
export const selectAllRecorded = (state: CompareState) =>
  state.lanes.every((lane) => state.runs[lane.id]?.trace != null);
