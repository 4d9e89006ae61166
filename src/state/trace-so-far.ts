/**
 * A live run's trace so far, from what its view has folded (steps, path, conversations, the
 * metrics the last step ended with), in the engine's `buildTrace` shape: what the library keeps
 * of a run still going, so one cut by a reload shows its steps. Pure.
 */
import { scenarioConfig, ZERO_METRICS, type LoopConfig, type Metrics, type Trace } from '../engine';
import type { RunState } from './run-store-types';

/** The config the run started with (its `run-start` event), else the one its overrides make. */
function startConfig(state: RunState): LoopConfig | null {
  const first = state.events.at(0);
  if (first?.type === 'run-start') return first.config;
  return state.shown ? scenarioConfig(state.shown.scenario, state.shown.overrides) : null;
}

/** The metrics so far: the run's final ones, else those its last `step-end` carried. */
function metricsSoFar(state: RunState): Metrics {
  if (state.metrics) return state.metrics;
  for (let index = state.events.length - 1; index >= 0; index--) {
    const event = state.events.at(index);
    if (event?.type === 'step-end') return event.metrics;
  }
  return ZERO_METRICS;
}

/**
 * Pure: the shown run's trace — its own once it has one, else one built from the view so far
 * (stop reason `cancelled`, as the engine's `buildTrace` says of a run that has not stopped);
 * null before a run.
 */
export function traceSoFar(state: RunState): Trace | null {
  if (state.trace) return state.trace;
  const config = startConfig(state);
  if (!state.shown || !config) return null;
  const { origin } = state.shown;
  return {
    format: 'loopscope.trace',
    version: 1,
    scenario: state.shown.scenario.id,
    config,
    stopReason: 'cancelled',
    escalation: null,
    error: null,
    answer: null,
    steps: state.steps,
    metrics: metricsSoFar(state),
    path: state.path,
    forkedFrom: origin.kind === 'forked' ? { step: origin.atStep } : null,
    conversations: state.conversations,
  };
}
