/** Runs a scenario on its own model and tools: the one call the CLI, the app and the bench share. */
import type { LoopConfig } from './config';
import { prepareFork } from './loop/fork';
import { runLoop, sharedTokenCounter, type RunOptions } from './loop/runner';
import { createScriptedModel } from './models/scripted';
import { createSimulatedModel } from './models/simulated';
import { createVirtualClock, type Clock, type ModelAdapter } from './models/spec';
import type { TokenCounter } from './models/tokens';
import type { Scenario } from './scenario/types';
import { createScenarioExecutor } from './tools';
import type { Step, Trace } from './trace/types';

export { scenarioConfig } from './scenario-config';

export interface ScenarioModelOptions {
  readonly config: Pick<LoopConfig, 'seed' | 'protocol'>;
  readonly tokens?: TokenCounter;
  /** How a simulated model spends its simulated time (a virtual clock's `advance`, a real sleep). */
  readonly spend?: (ms: number) => void | Promise<void>;
  /** Steps a fork replayed: a scripted model goes on with the replies after theirs. */
  readonly replayed?: readonly Step[];
}

/** Pure: how many `turns` and `reflections` entries the replayed steps' calls used up. */
export function scriptedCallsUsed(
  steps: readonly Step[],
  hasReflections: boolean,
): { turns: number; reflections: number } {
  let turns = 0;
  let reflections = 0;
  for (const step of steps) {
    if (!step.modelCall) continue;
    const reflective = step.kind === 'reflection' || step.kind === 'attempt_reflection';
    if (reflective && hasReflections) reflections++;
    else turns++;
  }
  return { turns, reflections };
}

/** The model a scenario names: its scripted replies, or its simulated model at the config's seed. */
export function scenarioModel(scenario: Scenario, options: ScenarioModelOptions): ModelAdapter {
  if (scenario.model.kind === 'scripted') {
    const used = scriptedCallsUsed(
      options.replayed ?? [],
      scenario.model.reflections !== undefined,
    );
    return createScriptedModel(scenario.model, used);
  }
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
    /**
     * Fork a recorded run of this scenario: replay its steps before `atStep` without calling the
     * model, then go on live under `config`. The trace's `forkedFrom` records the step.
     */
    readonly fork?: { readonly trace: Trace; readonly atStep: number };
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
  const { spend, fork, ...rest } = options;
  const from = fork ? prepareFork(scenario, fork.trace, fork.atStep, config) : undefined;
  const clock = options.clock ?? createVirtualClock();
  const spender = spend ?? (isVirtual(clock) ? (ms: number) => clock.advance(ms) : undefined);
  const model =
    options.model ??
    scenarioModel(scenario, {
      config,
      ...(options.tokens ? { tokens: options.tokens } : {}),
      ...(spender ? { spend: spender } : {}),
      ...(fork ? { replayed: fork.trace.steps.slice(0, fork.atStep) } : {}),
    });
  return runLoop({
    ...rest,
    ...(from ? { from } : {}),
    clock,
    scenario,
    config,
    model,
    tools: options.tools ?? createScenarioExecutor(scenario),
  });
}
