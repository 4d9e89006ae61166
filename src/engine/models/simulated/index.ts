/** The simulated model: an LLM-like policy over a scenario, deterministic for a seed. */
export { createSimulatedModel, pieces, type SimulatedModelOptions } from './adapter';
export {
  simulateReply,
  simulatedSpec,
  DEFAULT_TIMING,
  type SimulatedReply,
  type SimulatedTiming,
  type SimulateOptions,
} from './simulate';
export { readContext, type SimContext } from './context';
export { actionText } from './write';
export {
  SIMULATED_TIME_HEADER,
  formatSimulatedTime,
  readSimulatedTime,
  type SimulatedTime,
} from './time-header';
