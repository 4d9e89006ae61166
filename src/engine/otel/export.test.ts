import { describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import type { ConfigOverrides } from '../config';
import { runScenario, scenarioConfig } from '../run-scenario';
import type { Scenario } from '../scenario/types';
import { toTraceJson } from '../trace/build';
import { parseNativeTrace } from '../trace/native';
import { parseTrace } from '../trace/parse';
import type { Trace } from '../trace/types';
import { GEN_AI, LOOPSCOPE, OPERATION } from './attributes';
import { toOtlpJson, toOtlpJsonLines, toOtlpRequest, type OtlpSpan } from './export';
import type { AnyValue } from './export-values';

const START = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const scenario = builtinScenario;
const record = (subject: Scenario, overrides: ConfigOverrides = {}) =>
  runScenario(subject, scenarioConfig(subject, overrides));

function spansOf(trace: Trace, subject: Scenario, openInference = false): OtlpSpan[] {
  const request = toOtlpRequest(trace, {
    startTimeMs: START,
    scenario: subject,
    openInference,
    model: 'simulated',
  });
  return request.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) => [...scope.spans]),
  );
}

function attribute(span: OtlpSpan, key: string): AnyValue | undefined {
  return span.attributes.find((entry) => entry.key === key)?.value;
}
function text(span: OtlpSpan, key: string): string | undefined {
  const value = attribute(span, key);
  return value && 'stringValue' in value ? value.stringValue : undefined;
}
const operation = (span: OtlpSpan) => text(span, GEN_AI.operationName);
function stepOfSpan(span: OtlpSpan): number | undefined {
  const value = attribute(span, LOOPSCOPE.stepIndex);
  return value && 'intValue' in value ? Number(value.intValue) : undefined;
}

/** Every number anywhere in a JSON value. */
function numbers(value: unknown, into: number[] = []): number[] {
  if (typeof value === 'number') into.push(value);
  else if (Array.isArray(value)) for (const item of value) numbers(item, into);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) numbers(item, into);
  return into;
}

describe('the OTLP export of a run', () => {
  it('writes one invoke_agent span, a chat span per model call and an execute_tool span per tool run', async () => {
    const subject = scenario('rca-checkout-latency');
    const trace = await record(subject, {
      mode: 'reflact',
      reflection: { gating: 'fixed', interval: 2 },
    });
    const spans = spansOf(trace, subject);
    const calls = trace.steps.filter((step) => step.modelCall !== null).length;
    expect(spans.filter((span) => operation(span) === OPERATION.invokeAgent)).toHaveLength(1);
    expect(spans.filter((span) => operation(span) === OPERATION.chat)).toHaveLength(calls);
    expect(calls).toBe(trace.metrics.llmCalls);
    const tools = spans.filter((span) => operation(span) === OPERATION.executeTool);
    expect(tools).toHaveLength(trace.metrics.toolCalls);
    expect(tools.map((span) => text(span, GEN_AI.toolName))).toEqual(
      trace.steps
        .filter(
          (step) =>
            step.decision.action && step.decision.policy.outcome === 'allowed' && step.observation,
        )
        .map((step) => step.decision.action?.tool),
    );
  });

  it('gives hex ids (32 for the trace, 16 for spans), children under the agent span, times as nanosecond strings', async () => {
    const subject = scenario('shopops-happy');
    const trace = await record(subject);
    const spans = spansOf(trace, subject);
    const [agent, ...children] = spans as [OtlpSpan, ...OtlpSpan[]];
    for (const span of spans) {
      expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(span.traceId).toBe(agent.traceId);
      expect(span.startTimeUnixNano).toMatch(/^\d+$/);
      expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true);
    }
    expect(new Set(spans.map((span) => span.spanId)).size).toBe(spans.length);
    expect(agent.parentSpanId).toBeUndefined();
    for (const child of children) expect(child.parentSpanId).toBe(agent.spanId);
    expect(agent.startTimeUnixNano).toBe(`${START}000000`);
    const chats = spans.filter((span) => operation(span) === OPERATION.chat);
    const took = chats.map((span) => BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano));
    const latencies = trace.steps.flatMap((step) =>
      step.modelCall ? [step.modelCall.latencyMs] : [],
    );
    expect(took.map((ns) => Number(ns) / 1e6)).toEqual(latencies);
    expect(BigInt(agent.endTimeUnixNano) - BigInt(agent.startTimeUnixNano)).toBe(
      took.reduce((sum, ns) => sum + ns, 0n),
    );
    for (let i = 1; i < chats.length; i++) {
      expect(chats[i]?.startTimeUnixNano).toBe(chats[i - 1]?.endTimeUnixNano);
    }
  });

  it('puts the exact messages each call saw, its reply and its usage on its chat span', async () => {
    const subject = scenario('rca-payment-errors');
    const trace = await record(subject);
    const chats = spansOf(trace, subject).filter((span) => operation(span) === OPERATION.chat);
    trace.steps
      .filter((step) => step.modelCall)
      .forEach((step, index) => {
        const span = chats[index] as OtlpSpan;
        const call = step.modelCall!;
        const seen = trace.conversations[call.context.conversation]!.slice(0, call.context.length);
        const input = JSON.parse(text(span, GEN_AI.inputMessages) ?? '[]') as {
          role: string;
          parts: { type: string; content?: string; response?: string }[];
        }[];
        expect(input.map((message) => message.role)).toEqual(seen.map((message) => message.role));
        expect(
          input.map((message) => message.parts[0]?.content ?? message.parts[0]?.response),
        ).toEqual(seen.map((message) => message.content));
        const output = JSON.parse(text(span, GEN_AI.outputMessages) ?? '[]') as {
          parts: { content: string }[];
        }[];
        expect(output[0]?.parts.at(-1)?.content).toBe(call.text);
        expect(attribute(span, GEN_AI.inputTokens)).toEqual({
          intValue: String(call.usage.promptTokens),
        });
        expect(attribute(span, GEN_AI.outputTokens)).toEqual({
          intValue: String(call.usage.completionTokens),
        });
        expect(text(span, GEN_AI.requestModel)).toBe('simulated');
        expect(attribute(span, LOOPSCOPE.stepIndex)).toEqual({ intValue: String(step.index) });
        expect(text(span, LOOPSCOPE.phase)).toBe(step.phase);
        expect(text(span, LOOPSCOPE.kind)).toBe(step.kind);
        expect(text(span, LOOPSCOPE.policyOutcome)).toBe(step.decision.policy.outcome);
      });
  });

  it("puts each tool call's name, arguments and result on its execute_tool span", async () => {
    const subject = scenario('shopops-happy');
    const trace = await record(subject);
    const tools = spansOf(trace, subject).filter(
      (span) => operation(span) === OPERATION.executeTool,
    );
    const ran = trace.steps.filter(
      (step) => step.observation && step.decision.policy.outcome === 'allowed',
    );
    expect(tools.length).toBeGreaterThan(0);
    tools.forEach((span, index) => {
      const step = ran[index]!;
      expect(text(span, GEN_AI.toolName)).toBe(step.decision.action?.tool);
      expect(JSON.parse(text(span, GEN_AI.toolCallArguments) ?? '')).toEqual(
        step.decision.action?.args,
      );
      const result = text(span, GEN_AI.toolCallResult) ?? '';
      const recorded = step.observation?.result;
      expect(typeof recorded === 'string' ? result : JSON.parse(result)).toEqual(recorded);
      expect(attribute(span, LOOPSCOPE.stepIndex)).toEqual({ intValue: String(step.index) });
    });
  });

  it("marks where a guard denied a call: the duplicate guard on the step's chat span, no tool span for the call not run", async () => {
    const subject = scenario('shopops-hostile-loop');
    const trace = await record(subject, { duplicates: 'block' });
    const denied = trace.steps.filter((step) => step.decision.policy.outcome === 'denied');
    expect(denied.length).toBeGreaterThan(0);
    const spans = spansOf(trace, subject);
    for (const step of denied) {
      const mine = spans.filter((span) => stepOfSpan(span) === step.index);
      expect(mine.map(operation)).toEqual([OPERATION.chat]);
      expect(text(mine[0]!, LOOPSCOPE.guard)).toBe(step.decision.policy.reason);
    }
  });

  it("carries the run whole: the run span's JSON and the steps' JSON read back as the same trace and scenario", async () => {
    const subject = scenario('rca-search-stall');
    const trace = await record(subject, { mode: 'reflact', attempts: 2 });
    const spans = spansOf(trace, subject);
    const run = JSON.parse(text(spans[0]!, LOOPSCOPE.run) ?? '{}') as Record<string, unknown>;
    const steps = spans
      .map((span) => text(span, LOOPSCOPE.step))
      .filter((json): json is string => json !== undefined)
      .map((json) => JSON.parse(json) as unknown);
    expect(steps).toHaveLength(trace.steps.length);
    const back = parseNativeTrace({ ...run, steps });
    expect(back.trace).toEqual(trace);
    expect(back.scenario).toEqual(subject);
    // The steps read as Trace JSON v1 too: each call's messages are written out.
    const { conversations: _conversations, scenarioDefinition: _definition, ...v1 } = run;
    const read = parseTrace({ ...v1, version: 1, steps });
    expect(toTraceJson(read)).toEqual(toTraceJson(trace));
  });

  it('names the model only when told it (a trace does not record which endpoint answered)', async () => {
    const subject = scenario('shopops-happy');
    const trace = await record(subject);
    const request = toOtlpRequest(trace, { startTimeMs: START, scenario: subject });
    const spans = request.resourceSpans[0]!.scopeSpans[0]!.spans;
    const chats = spans.filter((span) => operation(span) === OPERATION.chat);
    expect(chats.length).toBeGreaterThan(0);
    for (const span of chats) {
      expect(span.name).toBe('chat');
      expect(attribute(span, GEN_AI.requestModel)).toBeUndefined();
    }
    const named = spansOf(trace, subject).filter((span) => operation(span) === OPERATION.chat);
    expect(named.map((span) => span.name)).toEqual(chats.map(() => 'chat simulated'));
  });

  it('writes OpenInference attributes only when asked', async () => {
    const subject = scenario('shopops-happy');
    const trace = await record(subject);
    expect(spansOf(trace, subject).some((span) => attribute(span, 'openinference.span.kind'))).toBe(
      false,
    );
    const spans = spansOf(trace, subject, true);
    expect(spans.map((span) => text(span, 'openinference.span.kind'))).toEqual(
      spans.map(
        (span) =>
          ({ chat: 'LLM', execute_tool: 'TOOL', invoke_agent: 'AGENT' })[operation(span) ?? ''],
      ),
    );
    const llm = spans.find((span) => operation(span) === OPERATION.chat)!;
    expect(text(llm, 'llm.input_messages.0.message.role')).toBe('system');
    expect(text(llm, 'llm.input_messages.1.message.content')).toBe(subject.task);
    expect(attribute(llm, 'llm.token_count.prompt')).toEqual(attribute(llm, GEN_AI.inputTokens));
    const tool = spans.find((span) => operation(span) === OPERATION.executeTool)!;
    expect(text(tool, 'tool.name')).toBe(text(tool, GEN_AI.toolName));
    expect(text(tool, 'input.value')).toBe(text(tool, GEN_AI.toolCallArguments));
    expect(text(spans[0]!, 'output.value')).toBe(trace.answer);
  });

  it('is reproducible: the same run and start time give the same bytes; another start time other ids', async () => {
    const subject = scenario('rca-worker-oom');
    const first = toOtlpJson(await record(subject), { startTimeMs: START, scenario: subject });
    const second = toOtlpJson(await record(subject), { startTimeMs: START, scenario: subject });
    expect(second).toBe(first);
    const later = toOtlpRequest(await record(subject), {
      startTimeMs: START + 1,
      scenario: subject,
    });
    const earlier = JSON.parse(first) as typeof later;
    expect(later.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId).not.toBe(
      earlier.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId,
    );
  });

  it('writes no JSON number above 2^53 and no endpoint, key or URL field', async () => {
    const subject = scenario('rca-checkout-latency');
    const trace = await record(subject);
    const leaky = {
      ...trace,
      endpoint: { url: 'https://api.example/v1', apiKey: 'sk-secret' },
    } as Trace;
    const json = toOtlpJson(leaky, { startTimeMs: START, scenario: subject, openInference: true });
    for (const value of numbers(JSON.parse(json)))
      expect(Math.abs(value)).toBeLessThanOrEqual(2 ** 53);
    expect(json).not.toContain('sk-secret');
    expect(json).not.toContain('api.example');
    expect(json).not.toMatch(/apiKey|"endpoint"/);
  });

  it('writes JSON Lines: one request per run, one line each', async () => {
    const a = scenario('shopops-happy');
    const b = scenario('rca-worker-oom');
    const lines = toOtlpJsonLines([
      { trace: await record(a), options: { startTimeMs: START, scenario: a } },
      { trace: await record(b), options: { startTimeMs: START, scenario: b } },
    ]);
    const requests = lines
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { resourceSpans: unknown[] });
    expect(requests).toHaveLength(2);
    expect(lines.endsWith('\n')).toBe(true);
    for (const request of requests) expect(request.resourceSpans).toHaveLength(1);
  });
});
