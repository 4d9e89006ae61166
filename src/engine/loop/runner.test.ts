import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveConfig, type ConfigOverrides } from '../config';
import { createScriptedModel } from '../models/scripted';
import { ModelError, createVirtualClock, type ModelAdapter } from '../models/spec';
import { testScenario } from '../testing/drive';
import { createScenarioExecutor } from '../tools';
import { toTraceJson } from '../trace/build';
import type { LoopEvent } from '../trace/events';
import { runLoop } from './runner';

const scenario = testScenario();
const run = (
  turns: string[],
  overrides: ConfigOverrides = {},
  extra: Partial<Parameters<typeof runLoop>[0]> = {},
) =>
  runLoop({
    scenario,
    config: resolveConfig(overrides),
    model: createScriptedModel({ turns }),
    tools: createScenarioExecutor(scenario),
    ...extra,
  });

describe('the runner', () => {
  it('runs a scenario to its answer and counts the tokens of the real prompt and reply', async () => {
    const trace = await run(['Action: lookup("a")', 'Final Answer: 42']);
    expect(trace.stopReason).toBe('answer');
    expect(trace.answer).toBe('42');
    const [first, second] = trace.steps;
    expect(first?.observation).toEqual({ ok: true, result: { value: 42 }, empty: false });
    expect(first?.modelCall?.usageEstimated).toBe(true);
    expect(second!.modelCall!.usage.promptTokens).toBeGreaterThan(
      first!.modelCall!.usage.promptTokens,
    );
    expect(trace.metrics.promptTokens).toBe(
      first!.modelCall!.usage.promptTokens + second!.modelCall!.usage.promptTokens,
    );
  });

  it('gives the same trace, byte for byte, for the same scenario, config and seed', async () => {
    const turns = [
      'Action: lookup("none")',
      '{"thought": "x"}',
      'Action: lookup("a")',
      'Final Answer: 42',
    ];
    const a = JSON.stringify(toTraceJson(await run(turns)));
    const b = JSON.stringify(toTraceJson(await run(turns)));
    expect(a).toBe(b);
  });

  it('records the exact context of each call, growing by what happened since the last one', async () => {
    const trace = toTraceJson(await run(['Action: lookup("a")', 'Final Answer: 42'])) as {
      steps: { modelCall: { messages: { role: string; content: string }[] } }[];
    };
    const [first, second] = trace.steps.map((step) => step.modelCall.messages);
    expect(first?.map((message) => message.role)).toEqual(['system', 'user']);
    expect(second?.slice(0, 2)).toEqual(first);
    expect(second?.slice(2).map((message) => message.role)).toEqual(['assistant', 'user']);
    expect(second?.[3]?.content).toBe('Observation: {"value":42}');
  });

  it('streams deltas and emits events in order, ending with run-end', async () => {
    const seen: LoopEvent[] = [];
    await run(
      ['Action: lookup("a")', 'Final Answer: 42'],
      {},
      { onEvent: (event) => seen.push(event) },
    );
    const types = seen.map((event) => event.type);
    expect(types[0]).toBe('run-start');
    expect(types.at(-1)).toBe('run-end');
    expect(types.indexOf('model-call-start')).toBeLessThan(types.indexOf('model-call-delta'));
    expect(types.indexOf('model-call-delta')).toBeLessThan(types.indexOf('model-call-end'));
    expect(types.filter((type) => type === 'step-end')).toHaveLength(2);
    expect(types).toContain('tool-run-start');
    expect(types).toContain('tool-run-end');
  });

  it('measures latency on the injected clock', async () => {
    const clock = createVirtualClock();
    const slow: ModelAdapter = {
      name: 'slow',
      async *stream() {
        clock.advance(1500);
        yield { type: 'text-delta', text: 'Final Answer: 42' };
        yield {
          type: 'finish',
          finishReason: 'stop',
          usage: { promptTokens: 100, completionTokens: 5 },
        };
      },
    };
    const trace = await run([], {}, { model: slow, clock });
    expect(trace.steps[0]?.modelCall).toMatchObject({
      latencyMs: 1500,
      usage: { promptTokens: 100 },
      usageEstimated: false,
    });
  });

  it('ends as error on a model failure, keeping every step recorded before it', async () => {
    let calls = 0;
    const flaky: ModelAdapter = {
      name: 'flaky',
      async *stream() {
        if (calls++ === 1)
          throw new ModelError('http_500', 'The server failed (500). Try again later.');
        yield { type: 'text-delta', text: 'Action: lookup("a")' };
        yield { type: 'finish', finishReason: 'stop', usage: null };
      },
    };
    const trace = await run([], {}, { model: flaky });
    expect(trace).toMatchObject({ stopReason: 'error', error: { code: 'http_500' } });
    expect(trace.steps).toHaveLength(1);
    expect(trace.path.at(-1)).toEqual({ transition: 'model-error-gathering', step: null });
  });

  it('counts a failed model call in llmCalls: the request was sent and may be billed', async () => {
    let calls = 0;
    const refusing: ModelAdapter = {
      name: 'refusing',
      async *stream() {
        if (calls++ === 1) throw new ModelError('http_401', 'The server refused the API key.');
        yield { type: 'text-delta', text: 'Action: lookup("a")' };
        yield { type: 'finish', finishReason: 'stop', usage: null };
      },
    };
    const trace = await run([], {}, { model: refusing });
    expect(calls).toBe(2);
    expect(trace.metrics.llmCalls).toBe(2);
    expect(trace.steps).toHaveLength(1);
  });

  it('can be cancelled mid-stream and ends as cancelled with what it recorded', async () => {
    const controller = new AbortController();
    let calls = 0;
    const model: ModelAdapter = {
      name: 'cancelled',
      async *stream() {
        calls++;
        if (calls === 2) {
          yield { type: 'text-delta', text: 'Thought: thinking' };
          controller.abort();
        }
        yield { type: 'text-delta', text: 'Action: lookup("a")' };
        yield { type: 'finish', finishReason: 'stop', usage: null };
      },
    };
    const trace = await run([], {}, { model, signal: controller.signal });
    expect(trace.stopReason).toBe('cancelled');
    expect(trace.steps).toHaveLength(1);
    expect(calls).toBe(2);
  });

  it('turns a throwing tool into a failed observation instead of crashing', async () => {
    const trace = await run(
      ['Action: lookup("a")', 'Final Answer: no'],
      { reflection: { gating: 'off' } },
      {
        tools: {
          run: () => {
            throw new Error('disk on fire');
          },
        },
      },
    );
    expect(trace.steps[0]?.observation).toMatchObject({ ok: false, empty: true });
    expect(JSON.stringify(trace.steps[0]?.observation?.result)).toContain('disk on fire');
  });
});

describe('whatever the model writes', () => {
  const fragment = fc.oneof(
    fc.string(),
    fc.constantFrom(
      'Thought: ',
      'Action: ',
      'ACTION: ',
      'Final Answer: ',
      'REFLECTION: ',
      'Observation: ',
      'tool:lookup key=a',
      'lookup("a")',
      'lookup("none")',
      'rag_search("x")',
      'answer 42',
      'escalate help',
      '{"thought": "x"}',
      '\n',
      'Current state: x',
      'force_refresh=true',
    ),
  );
  const reply = fc.array(fragment, { maxLength: 6 }).map((parts) => parts.join(''));
  const overrides = fc.record({
    maxSteps: fc.integer({ min: 1, max: 6 }),
    stallExit: fc.integer({ min: 1, max: 4 }),
    attempts: fc.integer({ min: 1, max: 3 }),
    unparseable: fc.constantFrom('escalate' as const, 'reprompt' as const),
    duplicates: fc.constantFrom('escalate' as const, 'block' as const, 'off' as const),
    highConfidence: fc.boolean(),
    reflection: fc.record({
      gating: fc.constantFrom('off' as const, 'fixed' as const, 'adaptive' as const),
      interval: fc.integer({ min: 1, max: 3 }),
      maxReflections: fc.integer({ min: 0, max: 3 }),
      stallThreshold: fc.integer({ min: 1, max: 3 }),
    }),
  });

  it('the loop ends and never runs past its budgets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(reply, { maxLength: 40 }), overrides, async (turns, config) => {
        const trace = await run(turns, config);
        expect(['answer', 'escalate', 'max_steps', 'stalled']).toContain(trace.stopReason);
        for (let attempt = 1; attempt <= trace.metrics.attempts; attempt++) {
          const steps = trace.steps.filter((step) => step.attempt === attempt);
          expect(steps.filter((step) => step.kind === 'action').length).toBeLessThanOrEqual(
            config.maxSteps,
          );
          expect(steps.filter((step) => step.kind === 'reflection').length).toBeLessThanOrEqual(
            config.reflection.maxReflections,
          );
        }
        expect(trace.metrics.attempts).toBeLessThanOrEqual(config.attempts);
        // Each model call is one step: actions, reflections, reprompts, answers, escalations.
        expect(trace.metrics.llmCalls).toBeLessThanOrEqual(trace.steps.length);
        expect(trace.steps.every((step) => step.decision.confidence === 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
