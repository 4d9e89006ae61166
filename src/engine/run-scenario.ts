/** Runs a scenario on its own model and tools: the one call the CLI, the app and the bench share. */
import { resolveConfig, type ConfigOverrides, type LoopConfig } from './config';
import { runLoop, type RunOptions } from './loop/runner';
import { createScriptedModel } from './models/scripted';
import { ModelError, type ModelAdapter } from './models/spec';
import type { Scenario } from './scenario/types';
import { createScenarioExecutor } from './tools';
import type { Trace } from './trace/types';

/** Pure: the scenario's config with the user's overrides (mode falls back to `defaultMode`). */
export function scenarioConfig(scenario: Scenario, overrides: ConfigOverrides = {}): LoopConfig {
  return resolveConfig(overrides, scenario.defaultMode);
}

/** The model a scenario names. Throws ModelError when this build cannot run that kind. */
export function scenarioModel(scenario: Scenario): ModelAdapter {
  if (scenario.model.kind === 'scripted') return createScriptedModel(scenario.model);
  throw new ModelError(
    'model_unsupported',
    `scenario "${scenario.id}": $.model.kind "${scenario.model.kind}" is not supported by this build yet (the simulated model arrives with the models issue); use a scripted model`,
  );
}

export type ScenarioRunOptions = Omit<RunOptions, 'scenario' | 'config' | 'model' | 'tools'> &
  Partial<Pick<RunOptions, 'model' | 'tools'>>;

/** Runs `scenario` under `config`, on the scenario's model and fixtures unless others are given. */
export async function runScenario(
  scenario: Scenario,
  config: LoopConfig,
  options: ScenarioRunOptions = {},
): Promise<Trace> {
  return runLoop({
    ...options,
    scenario,
    config,
    model: options.model ?? scenarioModel(scenario),
    tools: options.tools ?? createScenarioExecutor(scenario),
  });
}
