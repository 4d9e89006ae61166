/** The eval worker's job list: what a request runs, and how many at once. Pure. */
import type { Scenario } from '../engine';
import { buildEvalJobs, EVAL_PRESETS, type EvalJob } from '../projections/eval-matrix';
import { MAX_EVAL_CONCURRENCY, type EvalRequest } from './eval-protocol';

/**
 * Pure: the request's runs, in suite order then config order (presets, then saved settings)
 * then seed order (the order `loop eval` runs them in); unknown scenario ids and labels are
 * dropped. On an endpoint the
 * scripted scenarios are dropped too (their replies are recorded, not a model's) and every
 * run's protocol is the endpoint's.
 */
export function requestJobs(request: EvalRequest, scenarios: readonly Scenario[]): EvalJob[] {
  const ids = new Set(request.scenarioIds);
  const labels = new Set(request.configLabels);
  const { endpoint } = request;
  return buildEvalJobs(
    scenarios.filter(
      (scenario) => ids.has(scenario.id) && (!endpoint || scenario.model.kind !== 'scripted'),
    ),
    [...EVAL_PRESETS, ...(request.savedConfigs ?? [])].filter((config) => labels.has(config.label)),
    {
      seeds: Math.max(1, Math.floor(request.seeds)),
      ...(endpoint ? { shared: { protocol: endpoint.protocol } } : {}),
    },
  );
}

/** Pure: runs in flight at once, 1..MAX_EVAL_CONCURRENCY (not a number: 1). */
export function clampConcurrency(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return 1;
  return Math.min(MAX_EVAL_CONCURRENCY, Math.max(1, Math.floor(value)));
}
