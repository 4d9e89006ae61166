/**
 * The simulated model over the OpenAI wire, read by the real client: the wire must not change
 * what the model does. Node environment, MSW's `setupServer`, no waiting (speed 0).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  runScenario,
  scenarioConfig,
  type ConfigOverrides,
  type Protocol,
  type Scenario,
  type Trace,
} from '../src/engine';
import { createOpenAIModel, testConnection } from '../src/engine';
import { SIMULATED_TIME_HEADER, pieces, readSimulatedTime, simulateReply } from '../src/engine';
import { builtinScenarios, findBuiltin } from '../src/scenarios';
import { mockScenarios, registerMockScenario, setMockSpeed } from './handlers';
import { MOCK_BASE_URL, nodeHttpDeps, server } from './node';

beforeAll(() => {
  setMockSpeed(0);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  setMockSpeed(0);
});
afterAll(() => server.close());

function scenario(id: string): Scenario {
  const found = findBuiltin(id);
  if (!found) throw new Error(`no built-in scenario ${id}`);
  return found;
}

/** A run of `subject` through the real client against the mock. */
function runOverWire(subject: Scenario, overrides: ConfigOverrides = {}, model?: string) {
  const config = scenarioConfig(subject, overrides);
  const client = createOpenAIModel(
    {
      baseUrl: MOCK_BASE_URL,
      model: model ?? `sim/${subject.id}`,
      apiKey: null,
      protocol: config.protocol,
      includeUsage: true,
      seed: config.seed,
    },
    nodeHttpDeps,
  );
  return runScenario(subject, config, { model: client });
}

/** What a run did, as a reader of its trace sees it. */
function behaviour(trace: Trace) {
  return {
    stopReason: trace.stopReason,
    answer: trace.answer,
    steps: trace.steps.map((step) => ({
      kind: step.kind,
      action: step.decision.action,
      text: step.modelCall?.text ?? null,
    })),
    reflections: trace.metrics.reflections,
    toolCalls: trace.metrics.toolCalls,
    promptTokens: trace.metrics.promptTokens,
    completionTokens: trace.metrics.completionTokens,
  };
}

const simulated = builtinScenarios().filter((item) => item.model.kind === 'simulated');

describe('a simulated scenario run over the wire', () => {
  it.each(simulated.map((item) => item.id))(
    '%s behaves as the in-process simulated model (adaptive and off)',
    async (id) => {
      const subject = scenario(id);
      for (const gating of ['adaptive', 'off'] as const) {
        const overrides = { reflection: { gating } };
        const wire = await runOverWire(subject, overrides);
        const local = await runScenario(subject, scenarioConfig(subject, overrides));
        expect(behaviour(wire)).toEqual(behaviour(local));
      }
    },
  );

  it('carries the run seed to the mock (through the seed parameter)', async () => {
    // returns-laptop under ReAct takes 2 steps at seed 2 and 3 at seed 3: the seed shows.
    const subject = scenario('returns-laptop');
    const lengths: number[] = [];
    for (const seed of [2, 3, 4, 5]) {
      const wire = await runOverWire(subject, { seed, mode: 'react' });
      const local = await runScenario(subject, scenarioConfig(subject, { seed, mode: 'react' }));
      expect(behaviour(wire)).toEqual(behaviour(local));
      lengths.push(wire.steps.length);
    }
    expect(new Set(lengths).size).toBeGreaterThan(1);
  });

  it('records the server usage, not an estimate', async () => {
    const trace = await runOverWire(scenario('rca-search-stall'));
    const calls = trace.steps.flatMap((step) => (step.modelCall ? [step.modelCall] : []));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.usageEstimated).toBe(false);
      expect(call.usage.promptTokens).toBeGreaterThan(0);
    }
  });

  it('rca-search-stall reflects once and answers with adaptive gating, and stalls with it off', async () => {
    const subject = scenario('rca-search-stall');
    const adaptive = await runOverWire(subject, { reflection: { gating: 'adaptive' } });
    expect(adaptive.metrics.reflections).toBe(1);
    expect(adaptive.stopReason).toBe('answer');
    const off = await runOverWire(subject, { reflection: { gating: 'off' } });
    expect(off.metrics.reflections).toBe(0);
    expect(off.stopReason).toBe('stalled');
  });
});

describe('the tools protocol', () => {
  it('answers with native tool calls that the loop runs, as in-process', async () => {
    const subject = scenario('rca-checkout-latency');
    const overrides = { protocol: 'tools' as Protocol };
    const wire = await runOverWire(subject, overrides);
    const local = await runScenario(subject, scenarioConfig(subject, overrides));
    expect(behaviour(wire)).toEqual(behaviour(local));
    const messages = wire.conversations.flat();
    const calls = messages.flatMap((message) => message.toolCalls ?? []);
    expect(calls.length).toBe(wire.metrics.toolCalls);
    expect(calls.every((call) => call.id.startsWith('call_'))).toBe(true);
    const results = messages.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.toolCallId)).toEqual(calls.map((call) => call.id));
  });
});

describe('what the mock sends', () => {
  async function chat(body: Record<string, unknown>) {
    return fetch(`${MOCK_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stream: true, ...body }),
    });
  }

  it('streams a role chunk, one content delta per word, the finish reason, usage and [DONE]', async () => {
    const subject = scenario('rca-search-stall');
    const messages = [
      { role: 'system', content: 'You are a ReAct agent.' },
      { role: 'user', content: subject.task },
    ];
    const response = await chat({
      model: 'sim/rca-search-stall',
      messages,
      stream_options: { include_usage: true },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.every((event) => event.startsWith('data: '))).toBe(true);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.slice(6)));
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
    const reply = simulateReply(subject, messages as never, { seed: 1, protocol: 'text' });
    const contents = chunks.flatMap((chunk) => chunk.choices?.[0]?.delta?.content ?? []);
    expect(contents.slice(1)).toEqual(pieces(reply.text));
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    const usage = chunks.at(-1);
    expect(usage.choices).toEqual([]);
    expect(usage.usage.total_tokens).toBe(
      usage.usage.prompt_tokens + usage.usage.completion_tokens,
    );
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
  });

  it('states each reply’s simulated time in a header, whatever the speed', async () => {
    const body = {
      model: 'sim/rca-search-stall',
      messages: [{ role: 'user', content: 'Find the cause.' }],
    };
    const stated = async () => {
      const response = await chat(body);
      await response.text();
      return readSimulatedTime(response.headers.get(SIMULATED_TIME_HEADER));
    };
    const instant = await stated();
    expect(instant?.firstTokenMs).toBeGreaterThan(0);
    expect(instant!.totalMs).toBeGreaterThan(instant!.firstTokenMs);
    setMockSpeed(50);
    try {
      expect(await stated()).toEqual(instant);
    } finally {
      setMockSpeed(0);
    }
  });

  it('sends no usage chunk unless asked', async () => {
    const response = await chat({
      model: 'sim/rca-search-stall',
      messages: [{ role: 'user', content: 'Find the cause.' }],
    });
    const text = await response.text();
    expect(text).not.toContain('"usage":{');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('answers an unknown model with a 404 in OpenAI error shape', async () => {
    const response = await chat({ model: 'sim/nope', messages: [{ role: 'user', content: 'x' }] });
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^Unknown model "sim\/nope"/);
  });

  it('rejects a body without messages with a 400', async () => {
    const response = await chat({ model: 'sim/rca-search-stall' });
    expect(response.status).toBe(400);
  });
});

describe('faults reach the run', () => {
  it('an unknown model ends the run as error http_404 with a message', async () => {
    const trace = await runOverWire(scenario('rca-search-stall'), {}, 'sim/no-such-scenario');
    expect(trace.stopReason).toBe('error');
    expect(trace.error?.code).toBe('http_404');
    expect(trace.error?.message).toContain('Unknown model');
    expect(trace.steps).toEqual([]);
  });

  it('stopping mid-stream ends the run cancelled', async () => {
    setMockSpeed(1);
    const subject = scenario('rca-search-stall');
    const config = scenarioConfig(subject);
    const controller = new AbortController();
    const client = createOpenAIModel(
      {
        baseUrl: MOCK_BASE_URL,
        model: 'sim/rca-search-stall',
        apiKey: null,
        protocol: 'text',
        includeUsage: true,
      },
      nodeHttpDeps,
    );
    const trace = await runScenario(subject, config, {
      model: client,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'model-call-delta') controller.abort();
      },
    });
    expect(trace.stopReason).toBe('cancelled');
  });
});

describe('the model list', () => {
  it('lists sim/<id> for every scenario with a simulated model, in OpenAI list format', async () => {
    const response = await fetch(`${MOCK_BASE_URL}/models`);
    const body = await response.json();
    expect(body.object).toBe('list');
    const ids = body.data.map((model: { id: string }) => model.id);
    expect(ids).toEqual(simulated.map((item) => `sim/${item.id}`));
    expect(ids).not.toContain('sim/shopops-happy');
  });

  it('passes the client’s Test connection', async () => {
    const result = await testConnection(
      {
        baseUrl: MOCK_BASE_URL,
        model: 'sim/rca-search-stall',
        apiKey: null,
        protocol: 'text',
        includeUsage: true,
      },
      nodeHttpDeps,
    );
    expect(result.ok).toBe(true);
    expect(result.message).toContain('sim/rca-search-stall');
  });

  it('serves a registered scenario too', async () => {
    const base = scenario('returns-laptop');
    registerMockScenario({ ...base, id: 'returns-laptop-copy' });
    expect(mockScenarios().map((item) => item.id)).toContain('returns-laptop-copy');
    const trace = await runOverWire({ ...base, id: 'returns-laptop-copy' });
    expect(trace.stopReason).toBe('answer');
  });
});
