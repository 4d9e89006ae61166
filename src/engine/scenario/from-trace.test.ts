import { describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import type { ConfigOverrides } from '../config';
import { runScenario, scenarioConfig } from '../run-scenario';
import { createScenarioExecutor } from '../tools';
import type { Trace } from '../trace/types';
import { scenarioFromTrace } from './from-trace';
import { parseScenario } from './parse';
import { testScenario } from '../testing/drive';

const scenario = builtinScenario;

/** The tool calls a run made, in order (the ones the executor ran and the ones a guard stopped). */
const toolCalls = (trace: Trace) =>
  trace.steps.flatMap((step) => (step.decision.action ? [step.decision.action] : []));

const RUNS: readonly [string, ConfigOverrides][] = [
  ['rca-checkout-latency', {}],
  ['rca-checkout-latency', { mode: 'reflact', reflection: { gating: 'fixed', interval: 2 } }],
  ['rca-search-stall', { mode: 'reflact', attempts: 2 }],
  ['shopops-happy', {}],
  ['shopops-hostile-loop', { duplicates: 'block' }],
  ['shopops-fabricated-agreement', {}],
  ['returns-laptop', { mode: 'act' }],
  ['triage-priority-retry', { attempts: 2 }],
  ['rca-nightly-503-stall', { reflection: { gating: 'off' } }],
];

describe('a scenario made from a trace', () => {
  for (const [id, overrides] of RUNS) {
    it(`${id} ${JSON.stringify(overrides)}: replays on its scripted model with the same tool calls, outcome and answer`, async () => {
      const original = scenario(id);
      const trace = await runScenario(original, scenarioConfig(original, overrides));
      expect(toolCalls(trace).length).toBeGreaterThan(0);
      const made = scenarioFromTrace(trace, { scenario: original }).scenario;
      expect(parseScenario(JSON.parse(JSON.stringify(made)))).toEqual(made);
      const replay = await runScenario(made, trace.config);
      expect(toolCalls(replay)).toEqual(toolCalls(trace));
      expect(replay.steps.map((step) => step.kind)).toEqual(trace.steps.map((step) => step.kind));
      expect(replay.stopReason).toBe(trace.stopReason);
      expect(replay.answer).toBe(trace.answer);
      expect(replay.steps.map((step) => step.observation)).toEqual(
        trace.steps.map((step) => step.observation),
      );
    });
  }

  it('carries the task, the mode, the tools and the recorded results; its model is the recorded replies', async () => {
    const original = scenario('rca-payment-errors');
    const trace = await runScenario(original, scenarioConfig(original, { mode: 'reflact' }));
    const { scenario: made, notes } = scenarioFromTrace(trace, { scenario: original });
    expect(notes).toEqual([]);
    expect(made.id).toBe('rca-payment-errors-from-trace');
    expect(made.task).toBe(original.task);
    expect(made.defaultMode).toBe('reflact');
    expect(made.tools).toEqual(original.tools);
    expect(made.tags).toContain('from-trace');
    expect(made.model.kind).toBe('scripted');
    const replies = trace.steps.flatMap((step) => (step.modelCall ? [step.modelCall.text] : []));
    if (made.model.kind !== 'scripted') throw new Error('scripted');
    expect([...made.model.turns, ...(made.model.reflections ?? [])].sort()).toEqual(replies.sort());
    const ran = trace.steps.filter(
      (step) => step.observation?.ok && step.observation.repeatOf === undefined,
    );
    for (const step of ran) {
      expect(made.fixtures).toContainEqual({
        tool: step.decision.action?.tool,
        args: step.decision.action?.args,
        result: step.observation?.result,
      });
    }
  });

  it('without its scenario: tools inferred from the calls, each recorded call answered, an unmatched call says so', async () => {
    const original = scenario('shopops-happy');
    const trace = await runScenario(original, scenarioConfig(original));
    const { scenario: made } = scenarioFromTrace(trace);
    const called = [...new Set(toolCalls(trace).map((call) => call.tool))];
    expect(made.tools.map((tool) => tool.name)).toEqual(called);
    const first = toolCalls(trace)[0]!;
    const schema = made.tools[0]!.parameters as { properties: Record<string, { type: string }> };
    expect(Object.keys(schema.properties)).toEqual(Object.keys(first.args));
    const executor = createScenarioExecutor(made);
    const step = trace.steps.find((candidate) => candidate.observation?.ok)!;
    expect(executor.run(step.decision.action!)).toEqual({
      ok: true,
      result: step.observation?.result,
    });
    const missed = executor.run({ tool: first.tool, args: { unknown: 'x' } });
    expect(missed.ok).toBe(false);
    expect(JSON.stringify(missed.result)).toContain('No fixture matches');
    const replay = await runScenario(made, trace.config);
    expect(toolCalls(replay)).toEqual(toolCalls(trace));
    expect(replay.answer).toBe(trace.answer);
  });

  it('keeps a foreign system prompt as instructions; says so, and that no user message and a bad tool name were not carried', () => {
    const original = scenario('shopops-happy');
    const step = {
      index: 0,
      attempt: 1,
      phase: 'gathering' as const,
      kind: 'action' as const,
      trigger: null,
      modelCall: {
        context: { conversation: 0, length: 1 },
        text: 'Action: get weather({"city": "Oslo"})',
        usage: { promptTokens: 1, completionTokens: 1 },
        usageEstimated: false,
        latencyMs: 1,
        ttftMs: null,
        reasoning: null,
        toolCall: null,
      },
      reflection: null,
      decision: {
        intent: 'tool' as const,
        action: { tool: 'get weather', args: { city: 'Oslo' } },
        evidenceRefs: [],
        policy: { outcome: 'allowed' as const, reason: null },
        confidence: 0 as const,
      },
      observation: { ok: true, result: { sky: 'clear' }, empty: false },
      reward: null,
      framing: null,
      thought: null,
      answer: null,
    };
    const trace: Trace = {
      format: 'loopscope.trace',
      version: 1,
      scenario: 'imported: weather agent',
      config: scenarioConfig(original),
      stopReason: 'answer',
      escalation: null,
      error: null,
      answer: 'Clear.',
      steps: [step],
      metrics: {
        llmCalls: 1,
        reflections: 0,
        toolCalls: 1,
        emptyToolCalls: 0,
        duplicateToolHits: 0,
        fabricationHits: 0,
        promptTokens: 1,
        completionTokens: 1,
        attempts: 1,
        latencyMs: 1,
      },
      path: [],
      forkedFrom: null,
      conversations: [[{ role: 'system', content: 'You are a weather bot.' }]],
    };
    const { scenario: made, notes } = scenarioFromTrace(trace);
    expect(made.id).toBe('imported-weather-agent-from-trace');
    expect(made.tools).toEqual([]);
    expect(made.fixtures).toEqual([]);
    expect(made.instructions).toBe('You are a weather bot.');
    expect(notes).toHaveLength(3);
    expect(notes.join(' ')).toMatch(
      /task is a placeholder.*"get weather" is left out.*system prompt is kept as the scenario's instructions/,
    );
  });

  it("sends a scenario's instructions after the mode's system prompt, and a trace of it carries them on", async () => {
    const original = parseScenario({
      ...scenario('shopops-happy'),
      instructions: 'Answer in one sentence.',
    });
    const trace = await runScenario(original, scenarioConfig(original));
    const system = trace.conversations[0]?.[0];
    expect(system?.role).toBe('system');
    expect(system?.content.endsWith('\n\nInstructions:\nAnswer in one sentence.')).toBe(true);
    const { scenario: made, notes } = scenarioFromTrace(trace, { scenario: original });
    expect(made.instructions).toBe('Answer in one sentence.');
    expect(notes).toEqual([]);
    const replay = await runScenario(made, trace.config);
    expect(replay.conversations[0]?.[0]).toEqual(system);
    expect(toolCalls(replay)).toEqual(toolCalls(trace));
  });

  it('writes a native tool call as an Action line, which the text protocol replays as the same call', async () => {
    const original = testScenario();
    const trace = await runScenario(original, scenarioConfig(original), {
      model: {
        name: 'native tools',
        async *stream(request) {
          if (request.step === 0) {
            yield { type: 'tool-call', id: 'call-1', name: 'lookup', arguments: '{"key":"a"}' };
          } else yield { type: 'text-delta', text: 'Final Answer: 42' };
          yield { type: 'finish', finishReason: 'stop', usage: null };
        },
      },
    });
    const { scenario: made } = scenarioFromTrace(trace, { scenario: original });
    if (made.model.kind !== 'scripted') throw new Error('scripted');
    expect(made.model.turns[0]).toMatch(/Action: lookup\(\{"key":"a"\}\)$/);
    const replay = await runScenario(made, { ...trace.config, protocol: 'text' });
    expect(toolCalls(replay)).toEqual([{ tool: 'lookup', args: { key: 'a' } }]);
    expect(replay.answer).toBe('42');
  });
});
