export { reflectionDue, type GateCounters } from './gate';
