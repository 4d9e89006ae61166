/** The phase graph's selectors: the run store's own, defined once in `state/run-selectors.ts`. */
export {
  /** The attempt the views are scoped to (null: all). */
  selectAttempt,
  selectCursor,
  /** The run's escalation once it ended: it names what the fabrication guard found missing. */
  selectEscalation,
  selectGrade,
  selectLive,
  selectPath,
  selectPhase,
  selectSelection,
  selectSteps,
} from '../../state/run-selectors';
