export { PhaseGraphPane } from './PhaseGraphPane';
