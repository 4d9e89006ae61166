/** Test support for the eval matrix's tests: the matrix run through the engine, as `loop eval` does. */
import { runScenario, type Scenario } from '../../engine';
import { buildEvalJobs, type EvalConfig } from './jobs';
import { summariseRun, type EvalRunRow } from './rows';

/** Runs every job of the matrix in order on the scenarios' own models and returns their rows. */
export async function runMatrix(
  scenarios: readonly Scenario[],
  configs: readonly EvalConfig[],
  seeds = 1,
): Promise<EvalRunRow[]> {
  const rows: EvalRunRow[] = [];
  for (const job of buildEvalJobs(scenarios, configs, { seeds })) {
    rows.push(summariseRun(job, await runScenario(job.scenario, job.config)));
  }
  return rows;
}
