/** The attempts strip's selectors: the run store's own (`state/run-selectors.ts`). */
export { selectAttempt, selectAttempts, selectHasAttempts } from '../../state/run-selectors';
