/**
 * A built-in scenario run through `runLoop` on this client, against an MSW-served endpoint that
 * replies like a model: the trace has the shape of a scripted run, with the server's usage.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findBuiltin } from '../../../scenarios';
import { resolveConfig, type ConfigOverrides } from '../../config';
import { runLoop } from '../../loop/runner';
import { createScenarioExecutor } from '../../tools';
import { toTraceJson } from '../../trace/build';
import type { LoopEvent } from '../../trace/events';
import type { Scenario } from '../../scenario/types';
import { createScriptedModel } from '../scripted';
import type { ModelAdapter } from '../spec';
import { createOpenAIModel } from './client';
import { fakeDeps } from './fake-deps';
import { byteStream, chunk, frame, usageChunk } from './testing';
import type { EndpointSettings } from './types';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const fetchViaMsw = (input: string, init: RequestInit) => globalThis.fetch(input, init);
const scenario = findBuiltin('shopops-happy') as Scenario;
// The happy path, written out here so the test does not depend on the scenario's own model.
const TURNS = [
  'Thought: need the order first\nAction: tool:get_order case_id=O-1001',
  'Thought: check the notes for carrier or customer updates\nAction: tool:list_order_notes case_id=O-1001',
  'Thought: I have the order and the notes.\nAction: answer Order O-1001 shipped 32 days ago; the carrier holds the parcel at the depot. No resolution has been agreed yet.',
];

type Frames = (turn: number) => string[];
interface Call {
  messages: { role: string; content: string; tool_calls?: unknown; tool_call_id?: string }[];
  tools?: unknown;
}

/** Serves reply `n` to the request whose context holds n assistant messages, with usage. */
function serveModel(frames: Frames): Call[] {
  const calls: Call[] = [];
  server.use(
    http.post('*/v1/chat/completions', async ({ request }) => {
      const body = (await request.json()) as Call;
      calls.push(body);
      const turn = body.messages.filter((message) => message.role === 'assistant').length;
      return new HttpResponse(byteStream(frames(turn)).body, {
        headers: { 'Content-Type': 'text/event-stream' },
      });
    }),
  );
  return calls;
}

/** Streams a text reply in small pieces, then the usage chunk and [DONE]. */
const textReply: Frames = (turn) => {
  const text = TURNS[turn] ?? '';
  const pieces = text.match(/[\s\S]{1,12}/g) ?? [];
  return [
    ...pieces.map((piece) => frame(chunk({ content: piece }))),
    frame(chunk({}, 'stop')),
    frame(usageChunk(500 + turn, 20 + turn)),
    frame('[DONE]'),
  ];
};

const ENDPOINT: EndpointSettings = {
  baseUrl: 'http://llm.test/v1',
  model: 'm',
  apiKey: null,
  protocol: 'text',
  includeUsage: true,
};

async function run(model: ModelAdapter, overrides: ConfigOverrides = {}) {
  let time = 0;
  const events: LoopEvent[] = [];
  const trace = await runLoop({
    scenario,
    config: resolveConfig(overrides, scenario.defaultMode),
    model,
    tools: createScenarioExecutor(scenario),
    clock: { now: () => (time += 7) },
    onEvent: (event) => events.push(event),
  });
  return { trace, json: toTraceJson(trace) as unknown as TraceJson, events };
}

interface TraceJson {
  stopReason: string;
  error: { code: string; message: string } | null;
  steps: {
    kind: string;
    modelCall:
      | null
      | (Record<string, unknown> & {
          usage: unknown;
          usageEstimated: boolean;
          ttftMs: number | null;
        });
  }[];
  metrics: Record<string, number>;
}

/** The trace without what legitimately differs between models: timing and token counts. */
function shape(json: TraceJson): unknown {
  return {
    ...json,
    steps: json.steps.map((step) => {
      if (!step.modelCall) return step;
      const { usage: _u, usageEstimated: _e, ttftMs: _t, latencyMs: _l, ...call } = step.modelCall;
      return { ...step, modelCall: call };
    }),
    metrics: { ...json.metrics, promptTokens: 0, completionTokens: 0, latencyMs: 0 },
  };
}

describe('a built-in scenario on a real-endpoint model', () => {
  it('gives the trace of a scripted run, with the server usage, not estimated, and TTFT set', async () => {
    const calls = serveModel(textReply);
    const endpoint = await run(createOpenAIModel(ENDPOINT, fakeDeps(fetchViaMsw).deps));
    const scripted = await run(createScriptedModel({ turns: TURNS }));

    expect(endpoint.json.stopReason).toBe('answer');
    expect(shape(endpoint.json)).toEqual(shape(scripted.json));
    expect(endpoint.json.steps.map((step) => step.kind)).toEqual(['action', 'action', 'answer']);
    expect(calls).toHaveLength(3);
    endpoint.json.steps.forEach((step, turn) => {
      expect(step.modelCall?.usage).toEqual({
        promptTokens: 500 + turn,
        completionTokens: 20 + turn,
      });
      expect(step.modelCall?.usageEstimated).toBe(false);
      expect(step.modelCall?.ttftMs).toBeGreaterThan(0);
    });
    expect(scripted.json.steps.every((step) => step.modelCall?.usageEstimated === true)).toBe(true);
    expect(endpoint.json.metrics['promptTokens']).toBe(500 + 501 + 502);
    expect(endpoint.json.metrics['llmCalls']).toBe(3);
    // The streamed text arrives as it comes: many deltas per call.
    const deltas = endpoint.events.filter((event) => event.type === 'model-call-delta');
    expect(deltas.length).toBeGreaterThan(10);
  });

  it('a retried 500 shows as a retry event; llmCalls counts model calls, not HTTP attempts', async () => {
    serveModel(textReply);
    let first = true;
    // Handlers added later take precedence: this one answers the very first request only.
    server.use(
      http.post('*/v1/chat/completions', () => {
        if (!first) return undefined;
        first = false;
        return HttpResponse.json({ error: { message: 'warming up' } }, { status: 500 });
      }),
    );
    const { json, events } = await run(createOpenAIModel(ENDPOINT, fakeDeps(fetchViaMsw).deps));
    expect(json.stopReason).toBe('answer');
    expect(events.filter((event) => event.type === 'model-call-retry')).toMatchObject([
      { step: 0, attempt: 1, reason: '500 Internal Server Error' },
    ]);
    expect(json.metrics['llmCalls']).toBe(3);
  });

  it('a stream cut in the second call stops the run as error, keeping the first step', async () => {
    serveModel((turn) =>
      turn === 1 ? [frame(chunk({ content: 'Thought: che' }))] : textReply(turn),
    );
    const { json } = await run(createOpenAIModel(ENDPOINT, fakeDeps(fetchViaMsw).deps));
    expect(json.stopReason).toBe('error');
    expect(json.error?.code).toBe('stream_truncated');
    expect(json.steps.map((step) => step.kind)).toEqual(['action']);
  });

  it('the tools protocol: native tool calls are the actions, tool results go back with their ids', async () => {
    const toolReply: Frames = (turn) => {
      const done = [
        frame(chunk({}, turn < 2 ? 'tool_calls' : 'stop')),
        frame(usageChunk(300, 9)),
        frame('[DONE]'),
      ];
      if (turn === 0) {
        return [
          frame(
            chunk({
              tool_calls: [
                {
                  index: 0,
                  id: 'call_1',
                  type: 'function',
                  function: { name: 'get_order', arguments: '' },
                },
              ],
            }),
          ),
          frame(chunk({ tool_calls: [{ index: 0, function: { arguments: '{"case_id":' } }] })),
          frame(chunk({ tool_calls: [{ index: 0, function: { arguments: '"O-1001"}' } }] })),
          ...done,
        ];
      }
      if (turn === 1) {
        // Ollama: the whole call in one chunk, no index.
        return [
          frame(
            chunk({
              tool_calls: [
                {
                  id: 'call_2',
                  function: { name: 'list_order_notes', arguments: '{"case_id":"O-1001"}' },
                },
              ],
            }),
          ),
          ...done,
        ];
      }
      return [
        frame(
          chunk({ content: 'Order O-1001 shipped 32 days ago; the parcel is held at the depot.' }),
        ),
        ...done,
      ];
    };
    const calls = serveModel(toolReply);
    const { json, trace } = await run(
      createOpenAIModel({ ...ENDPOINT, protocol: 'tools' }, fakeDeps(fetchViaMsw).deps),
      { protocol: 'tools' },
    );
    expect(json.stopReason).toBe('answer');
    expect(trace.answer).toContain('32 days');
    expect(trace.steps.map((step) => step.decision.action?.tool ?? null)).toEqual([
      'get_order',
      'list_order_notes',
      null,
    ]);
    expect(calls[0]?.tools).toHaveLength(scenario.tools.length);
    const second = calls[1]?.messages ?? [];
    expect(second.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'get_order', arguments: '{"case_id":"O-1001"}' },
        },
      ],
    });
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
  });
});
