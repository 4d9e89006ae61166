/** `loop eval`: every scenario of a suite under a set of configs, as matrix rows. */
import {
  runScenario,
  scenarioConfig,
  isCorrect,
  type ConfigOverrides,
  type Scenario,
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

/** Runs the matrix, one fresh model and memory per run, scenarios in suite order. */
export async function runEval(
  scenarios: readonly Scenario[],
  configs: readonly EvalConfig[] = DEFAULT_EVAL_CONFIGS,
  shared: ConfigOverrides = {},
): Promise<EvalRow[]> {
  const rows: EvalRow[] = [];
  for (const scenario of scenarios) {
    for (const { label, overrides } of configs) {
      const config = scenarioConfig(scenario, {
        ...shared,
        ...overrides,
        reflection: { ...shared.reflection, ...overrides.reflection },
      });
      const trace = await runScenario(scenario, config);
      rows.push({
        scenario: scenario.id,
        tags: scenario.tags,
        config,
        label,
        stopReason: trace.stopReason,
        correct: isCorrect(scenario, trace),
        metrics: trace.metrics,
      });
    }
  }
  return rows;
}
