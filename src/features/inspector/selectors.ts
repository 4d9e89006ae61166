/** The inspector's selectors: the run store's own, defined once in `state/run-selectors.ts`. */
export {
  selectAwaitedStep,
  selectAwaitedAttempt,
  selectError,
  selectGrade,
  selectImported,
  selectMode,
  selectOrigin,
  selectOwnScenarioIds,
  selectPaused,
  selectPhase,
  selectScenarioId,
  selectScenarios,
  selectStatus,
  selectStepCount,
  selectTrace,
} from '../../state/run-selectors';
