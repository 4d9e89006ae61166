/** `loop eval`: every scenario of a suite under a set of configs, as matrix rows. */
import {
  runScenario,
  scenarioConfig,
  isCorrect,
  type ConfigOverrides,
  type Scenario,
  type ScenarioRunOptions,
} from '../engine';
import type { EvalRow } from './format';

export interface EvalConfig {
  readonly label: string;
  readonly overrides: ConfigOverrides;
}

/** The default config set of the contract: react+off, react+fixed, react+adaptive, reflact+adaptive. */
export const DEFAULT_EVAL_CONFIGS: readonly EvalConfig[] = [
  { label: 'react+off', overrides: { mode: 'react', reflection: { gating: 'off' } } },
  { label: 'react+fixed', overrides: { mode: 'react', reflection: { gating: 'fixed' } } },
  { label: 'react+adaptive', overrides: { mode: 'react', reflection: { gating: 'adaptive' } } },
  { label: 'reflact+adaptive', overrides: { mode: 'reflact', reflection: { gating: 'adaptive' } } },
];

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
  const first = shared.seed ?? 1;
  const seeds = Array.from({ length: options.seeds ?? 1 }, (_, i) => first + i);
  const jobs = scenarios.flatMap((scenario) =>
    configs.flatMap(({ label, overrides }) =>
      seeds.map((seed) => ({ scenario, label, overrides: { ...overrides, seed } })),
    ),
  );
  const rows: EvalRow[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const index = next++;
      const { scenario, label, overrides } = jobs[index] as (typeof jobs)[number];
      const config = scenarioConfig(scenario, {
        ...shared,
        ...overrides,
        reflection: { ...shared.reflection, ...overrides.reflection },
      });
      const trace = await runScenario(scenario, config, options.runOptions?.() ?? {});
      rows[index] = {
        scenario: scenario.id,
        tags: scenario.tags,
        config,
        label,
        stopReason: trace.stopReason,
        correct: isCorrect(scenario, trace),
        metrics: trace.metrics,
      };
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, jobs.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return rows;
}
