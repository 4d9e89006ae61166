import { describe, expect, it } from 'vitest';
import {
  createScriptedModel,
  runScenario,
  scenarioConfig,
  type LoopEvent,
  type ModelRequest,
} from '../engine';
import { builtinScenarios } from '../scenarios';
import { createRunGate } from './run-gate';
import { runSettings, startRun } from './start-run';

const scenarios = builtinScenarios();
const scenario = (id: string) => scenarios.find((candidate) => candidate.id === id)!;

const open = () => createRunGate();

describe('starting a run', () => {
  it('without the app’s deps runs the scenario’s own model on simulated time, as the CLI does', async () => {
    const stall = scenario('rca-search-stall');
    const overrides = { reflection: { gating: 'adaptive' as const } };
    const trace = await startRun({
      scenario: stall,
      overrides,
      gate: open(),
      signal: new AbortController().signal,
      onEvent: () => {},
    });
    const cli = await runScenario(stall, scenarioConfig(stall, overrides));
    expect(trace).toEqual(cli);
    expect(trace.metrics.latencyMs).toBeGreaterThan(0);
  });

  it('reports every event, each call’s exact context included', async () => {
    const events: LoopEvent[] = [];
    const trace = await startRun({
      scenario: scenario('shopops-happy'),
      overrides: {},
      gate: open(),
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    const starts = events.filter((event) => event.type === 'model-call-start');
    expect(starts).toHaveLength(trace.metrics.llmCalls);
    for (const start of starts) {
      expect(start.context.toArray()).toEqual(
        trace.conversations[start.conversation]?.slice(0, start.contextLength),
      );
    }
  });

  it('waits at a paused gate before each call until Step lets one through', async () => {
    const gate = createRunGate();
    gate.pause();
    const events: LoopEvent[] = [];
    const done = startRun({
      scenario: scenario('shopops-happy'),
      overrides: {},
      gate,
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    const ended = () => events.filter((event) => event.type === 'model-call-end').length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended()).toBe(0);
    gate.step();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended()).toBe(1);
    gate.resume();
    const trace = await done;
    expect(ended()).toBe(trace.metrics.llmCalls);
  });

  it('uses the model the app chooses, and the protocol a real endpoint fixes', async () => {
    const happy = scenario('shopops-happy');
    const seen: ModelRequest[] = [];
    if (happy.model.kind !== 'scripted') throw new Error('shopops-happy is scripted');
    const scripted = createScriptedModel(happy.model);
    const trace = await startRun({
      scenario: happy,
      overrides: {},
      deps: {
        model: () => ({
          model: {
            name: 'recorder',
            async *stream(request, options) {
              seen.push(request);
              yield* scripted.stream(request, options);
            },
          },
          protocol: 'tools',
        }),
      },
      gate: open(),
      signal: new AbortController().signal,
      onEvent: () => {},
    });
    expect(seen.length).toBe(trace.metrics.llmCalls);
    expect(trace.config.protocol).toBe('tools');
  });

  it('keeps the settings when the model fixes no protocol', () => {
    const base = scenarioConfig(scenario('shopops-happy'), { mode: 'act' });
    expect(runSettings(base, { model: createScriptedModel({ turns: [] }) })).toBe(base);
  });

  it('ends cancelled, with what it recorded, when the signal aborts', async () => {
    const controller = new AbortController();
    const trace = await startRun({
      scenario: scenario('rca-search-stall'),
      overrides: {},
      gate: open(),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'step-end') controller.abort();
      },
    });
    expect(trace.stopReason).toBe('cancelled');
    expect(trace.steps).toHaveLength(1);
  });

  it('forks a recorded run: the prefix replays without calling the model', async () => {
    const stall = scenario('rca-search-stall');
    const source = await runScenario(stall, scenarioConfig(stall, {}));
    let calls = 0;
    const events: LoopEvent[] = [];
    const trace = await startRun({
      scenario: stall,
      overrides: { reflection: { gating: 'off' } },
      gate: open(),
      fork: { trace: source, atStep: 2 },
      signal: new AbortController().signal,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'model-call-end') calls += 1;
      },
    });
    expect(trace.forkedFrom?.step).toBe(2);
    expect(trace.steps.slice(0, 2)).toEqual(source.steps.slice(0, 2));
    expect(calls).toBe(trace.steps.slice(2).filter((step) => step.modelCall).length);
  });

  it('counts no time spent waiting at the gate as model time: Step, think 20 s, Step', async () => {
    const happy = scenario('shopops-happy');
    if (happy.model.kind !== 'scripted') throw new Error('shopops-happy is scripted');
    const scripted = createScriptedModel(happy.model);
    let wall = 1_000_000;
    const gate = createRunGate();
    gate.pause();
    const events: LoopEvent[] = [];
    const done = startRun({
      scenario: happy,
      overrides: {},
      deps: {
        clock: { now: () => wall },
        model: () => ({
          model: {
            name: 'two-and-a-half-seconds',
            async *stream(request, options) {
              let first = true;
              for await (const part of scripted.stream(request, options)) {
                // 0.4 s to the first token, 2.5 s in all.
                if (first) wall += 400;
                first = false;
                yield part;
              }
              wall += 2100;
            },
          },
        }),
      },
      gate,
      signal: new AbortController().signal,
      onEvent: (event) => events.push(event),
    });
    const count = (type: LoopEvent['type']) => events.filter((event) => event.type === type).length;
    const until = async (ready: () => boolean) => {
      while (!ready()) await new Promise((resolve) => setTimeout(resolve, 1));
    };
    // Before each call the person thinks for 20 s; the last Resume lets the rest run straight.
    await until(() => count('model-call-start') === 1);
    wall += 20_000;
    gate.step();
    await until(() => count('model-call-start') === 2);
    wall += 20_000;
    gate.step();
    await until(() => count('model-call-end') === 2);
    gate.resume();
    const trace = await done;
    const calls = trace.steps.flatMap((step) => (step.modelCall ? [step.modelCall] : []));
    expect(calls.length).toBeGreaterThan(2);
    for (const call of calls) {
      expect(call.latencyMs).toBe(2500);
      expect(call.ttftMs).toBe(400);
    }
    expect(trace.metrics.latencyMs).toBe(2500 * calls.length);
  });
});
