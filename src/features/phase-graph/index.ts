/** The phase graph: the loop's machine and what the run did on it. See README.md. */
export { PhaseGraphPane, preloadPhaseGraph } from './LazyPhaseGraphPane';
