/**
 * "Make a scenario": the scenario a recorded run's trace makes, for the editor. Apart from the
 * editor's wiring so that it loads with the editor (it validates with the scenario schema, zod),
 * not with the page. Pure.
 */
import { scenarioFromTrace, type ScenarioFromTrace, type Trace } from '../engine';
import type { RunRecord } from './run-record';

/** Pure: the scenario `trace` (the run `record` recorded) makes, with notes on what was guessed. */
export function scenarioFromRun(record: RunRecord, trace: Trace): ScenarioFromTrace {
  const known = record.scenario.id === trace.scenario ? record.scenario : null;
  return scenarioFromTrace(trace, { scenario: known });
}
