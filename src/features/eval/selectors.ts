/** Module-scope selectors of the eval store (one value each, so components render only for theirs). */
import type { EvalState } from '../../state/eval-store';

export const selectSelection = (state: EvalState) => state.selection;
export const selectScenarioIds = (state: EvalState) => state.selection.scenarioIds;
export const selectConfigLabels = (state: EvalState) => state.selection.configLabels;
export const selectSeeds = (state: EvalState) => state.selection.seeds;
export const selectStatus = (state: EvalState) => state.status;
export const selectCancelling = (state: EvalState) => state.cancelling;
export const selectDone = (state: EvalState) => state.done;
export const selectTotal = (state: EvalState) => state.total;
export const selectLatest = (state: EvalState) => state.latest;
export const selectRows = (state: EvalState) => state.rows;
export const selectMatrix = (state: EvalState) => state.matrix;
export const selectVerdicts = (state: EvalState) => state.verdicts;
export const selectRan = (state: EvalState) => state.ran;
export const selectErrors = (state: EvalState) => state.errors;
export const selectRunning = (state: EvalState) => state.status === 'running';
export const selectModelId = (state: EvalState) => state.selection.modelId;
export const selectConcurrency = (state: EvalState) => state.selection.concurrency;
export const selectRanOn = (state: EvalState) => state.ranOn;
export const selectNote = (state: EvalState) => state.note;
export const selectKeptAt = (state: EvalState) => state.keptAt;
export const selectKeptProblem = (state: EvalState) => state.keptProblem;
