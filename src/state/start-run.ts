/**
 * Starting one run of a scenario: the orchestration the run store calls, kept out of its factory
 * so it can be read and tested alone. It resolves the settings, picks the model (the app's
 * chooser, or the scenario's own model on a virtual clock), puts it behind the Pause/Step gate,
 * pins the protocol a real endpoint speaks, and runs the engine. Events go to `onEvent`; the
 * engine reports each call's exact context itself (`model-call-start`).
 */
import {
  createVirtualClock,
  runScenario,
  scenarioConfig,
  scenarioModel,
  type ConfigOverrides,
  type LoopConfig,
  type LoopEvent,
  type Scenario,
  type Trace,
} from '../engine';
import { gatedModel, heldClock, type RunGate } from './run-gate';
import type { RunModel } from './run-model';
import type { RunStoreDeps } from './run-store-types';

/** A recorded run to fork: its steps before `atStep` replay without calling the model. */
export interface ForkSource {
  readonly trace: Trace;
  readonly atStep: number;
  /** The record the trace came from, when it has one (the fork's origin names it). */
  readonly fromRunId?: string | null;
}

export interface StartRunOptions {
  readonly scenario: Scenario;
  readonly overrides: ConfigOverrides;
  readonly deps?: RunStoreDeps;
  /** Pause and Step: every model call waits here first. */
  readonly gate: RunGate;
  readonly fork?: ForkSource;
  readonly signal: AbortSignal;
  readonly onEvent: (event: LoopEvent) => void;
}

/** The settings a run goes with: the overrides resolved, the protocol a real endpoint fixes. */
export function runSettings(base: LoopConfig, chosen: RunModel): LoopConfig {
  return chosen.protocol && chosen.protocol !== base.protocol
    ? { ...base, protocol: chosen.protocol }
    : base;
}

/**
 * Runs `scenario` under `overrides` and resolves with its trace. Rejects only when the run could
 * not start or the engine threw (a fork that diverged, say); model faults end in the trace.
 * Without a clock of the app's, the run keeps simulated time on a virtual clock that the
 * scenario's own model advances by its latencies (as `runScenario` does in the CLI).
 */
export async function startRun(options: StartRunOptions): Promise<Trace> {
  const { scenario, overrides, deps = {}, gate, fork, signal, onEvent } = options;
  const base = scenarioConfig(scenario, overrides);
  const replayed = fork ? fork.trace.steps.slice(0, fork.atStep) : [];
  const virtual = deps.clock ? null : createVirtualClock();
  const chosen: RunModel = deps.model
    ? deps.model(scenario, base, replayed)
    : {
        model: scenarioModel(scenario, {
          config: base,
          replayed,
          ...(deps.tokens ? { tokens: deps.tokens } : {}),
          ...(virtual ? { spend: (ms: number) => virtual.advance(ms) } : {}),
        }),
      };
  // Model time only: the clock stands still while the run waits at the gate (Pause, Step).
  const clock = heldClock(chosen.clock ?? deps.clock ?? virtual ?? createVirtualClock());
  return runScenario(scenario, runSettings(base, chosen), {
    model: gatedModel(chosen.model, gate, clock),
    ...(fork ? { fork: { trace: fork.trace, atStep: fork.atStep } } : {}),
    clock,
    ...(deps.tokens ? { tokens: deps.tokens } : {}),
    ...(deps.memory ? { memory: deps.memory() } : {}),
    signal,
    onEvent,
  });
}
