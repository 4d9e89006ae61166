/** The attempts strip: a run's attempts, their rewards and reflections; selects one. See README.md. */
export { AttemptsStrip } from './AttemptsStrip';
export { AttemptChips } from './AttemptChips';
