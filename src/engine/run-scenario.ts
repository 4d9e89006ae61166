/** Runs a scenario on its own model and tools: the one call the CLI, the app and the bench share. */
import { resolveConfig, type ConfigOverrides, type LoopConfig } from './config';
import { runLoop, sharedTokenCounter, type RunOptions } from './loop/runner';
import { createScriptedModel } from './models/scripted';
import { createSimulatedModel } from './models/simulated';
import { createVirtualClock, type Clock, type ModelAdapter } from './models/spec';
import type { TokenCounter } from './models/tokens';
import type { Scenario } from './scenario/types';
import { createScenarioExecutor } from './tools';
import type { Trace } from './trace/types';

/** Pure: the scenario's config with the user's overrides (mode falls back to `defaultMode`). */
export function scenarioConfig(scenario: Scenario, overrides: ConfigOverrides = {}): LoopConfig {
  return resolveConfig(overrides, scenario.defaultMode);
}

export interface ScenarioModelOptions {
  readonly config: Pick<LoopConfig, 'seed' | 'protocol'>;
  readonly tokens?: TokenCounter;
  /** How a simulated model spends its simulated time (a virtual clock's `advance`, a real sleep). */
  readonly spend?: (ms: number) => void | Promise<void>;
}

/** The model a scenario names: its scripted replies, or its simulated model at the config's seed. */
export function scenarioModel(scenario: Scenario, options: ScenarioModelOptions): ModelAdapter {
  if (scenario.model.kind === 'scripted') return createScriptedModel(scenario.model);
  const { config, spend } = options;
  return createSimulatedModel(scenario, {
    seed: config.seed,
    protocol: config.protocol,
    tokens: options.tokens ?? sharedTokenCounter(),
    ...(spend ? { spend } : {}),
  });
}

export type ScenarioRunOptions = Omit<RunOptions, 'scenario' | 'config' | 'model' | 'tools'> &
  Partial<Pick<RunOptions, 'model' | 'tools'>> & {
    /** How a simulated model spends time; by default it advances the run's virtual clock. */
    readonly spend?: (ms: number) => void | Promise<void>;
  };

function isVirtual(clock: Clock): clock is Clock & { advance(ms: number): void } {
  return typeof (clock as { advance?: unknown }).advance === 'function';
}

/**
 * Runs `scenario` under `config`, on the scenario's model and fixtures unless others are given.
 * A simulated model's latency passes on the run's virtual clock: no real waiting.
 */
export async function runScenario(
  scenario: Scenario,
  config: LoopConfig,
  options: ScenarioRunOptions = {},
): Promise<Trace> {
  const { spend, ...rest } = options;
  const clock = options.clock ?? createVirtualClock();
  const spender = spend ?? (isVirtual(clock) ? (ms: number) => clock.advance(ms) : undefined);
  const model =
    options.model ??
    scenarioModel(scenario, {
      config,
      ...(options.tokens ? { tokens: options.tokens } : {}),
      ...(spender ? { spend: spender } : {}),
    });
  return runLoop({
    ...rest,
    clock,
    scenario,
    config,
    model,
    tools: options.tools ?? createScenarioExecutor(scenario),
  });
}
