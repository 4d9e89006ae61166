/**
 * `loop eval`: every scenario of a suite under a set of configs, as matrix rows. The job list and
 * the row of each run come from `projections/eval-matrix`, which the browser's eval worker uses
 * too, so the CLI and the app's eval view give the same rows.
 */
import {
  runScenario,
  type ConfigOverrides,
  type Scenario,
  type ScenarioRunOptions,
} from '../engine';
import {
  buildEvalJobs,
  DEFAULT_EVAL_CONFIGS,
  summariseRun,
  type EvalConfig,
} from '../projections/eval-matrix';
import type { EvalRow } from './format';

export { DEFAULT_EVAL_CONFIGS, type EvalConfig };

export interface EvalOptions {
  /** Options for each run (a fresh model per run); by default the scenario's own model. */
  readonly runOptions?: () => ScenarioRunOptions;
  /** Runs at once (a real endpoint: a small number); rows keep suite order whatever finishes first. */
  readonly concurrency?: number;
  /** Seeds per cell, counting up from the shared config's seed (default 1). */
  readonly seeds?: number;
}

/** Runs the matrix, one fresh model and memory per run; rows in suite order, then config order. */
export async function runEval(
  scenarios: readonly Scenario[],
  configs: readonly EvalConfig[] = DEFAULT_EVAL_CONFIGS,
  shared: ConfigOverrides = {},
  options: EvalOptions = {},
): Promise<EvalRow[]> {
  const jobs = buildEvalJobs(scenarios, configs, { seeds: options.seeds ?? 1, shared });
  const rows: EvalRow[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const trace = await runScenario(job.scenario, job.config, options.runOptions?.() ?? {});
      rows[job.index] = summariseRun(job, trace);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, jobs.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return rows;
}
