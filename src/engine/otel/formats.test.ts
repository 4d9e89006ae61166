import { describe, expect, it } from 'vitest';
import { openFileText, type OpenedFile } from '../files/open';
import { toTraceJson } from '../trace/build';
import { LOOPSCOPE } from './attributes';
import { otlpRequest, otlpSpan } from './fixtures/build';

function imported(text: string): Extract<OpenedFile, { kind: 'foreign' }> {
  const opened = openFileText(text, 'trace.json');
  if (opened.kind !== 'foreign') throw new Error(`expected a foreign trace, got ${opened.kind}`);
  return opened;
}

describe('Jaeger query-API JSON', () => {
  const tag = (key: string, value: string | number) => ({
    key,
    type: typeof value === 'number' ? 'int64' : 'string',
    value,
  });
  const span = (
    spanID: string,
    name: string,
    startTime: number,
    parent: string | null,
    tags: unknown[],
  ) => ({
    traceID: 'trace-one',
    spanID,
    operationName: name,
    startTime,
    duration: 1000,
    processID: 'p1',
    tags,
    references: parent ? [{ refType: 'CHILD_OF', traceID: 'trace-one', spanID: parent }] : [],
  });
  // Hand-written like many test exports: non-hex ids, no `processes` map, times in µs.
  const text = JSON.stringify({
    data: [
      {
        traceID: 'trace-one',
        spans: [
          span('llm-second', 'call_llm', 1_500_000, 'agent-root', [
            tag(
              'gcp.vertex.agent.llm_response',
              JSON.stringify({ content: { role: 'model', parts: [{ text: 'Done.' }] } }),
            ),
            tag('gen_ai.usage.input_tokens', 30),
          ]),
          span('agent-root', 'invoke_agent helm', 1_000_000, null, [
            tag('gen_ai.agent.name', 'helm'),
          ]),
          span('tool-one', 'execute_tool list', 1_200_000, 'agent-root', []),
          span('llm-first', 'call_llm', 1_100_000, 'agent-root', [
            tag(
              'gcp.vertex.agent.llm_request',
              JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'list them' }] }] }),
            ),
          ]),
        ],
      },
    ],
  });

  it('reads µs times, non-hex ids and a missing processes map, in time order', () => {
    const opened = imported(text);
    expect(opened.formatLabel).toBe('Jaeger JSON');
    expect(opened.spans.map((row) => row.id)).toEqual([
      'agent-root',
      'llm-first',
      'tool-one',
      'llm-second',
    ]);
    expect(opened.spans[1]!.startNs).toBe('1100000000');
    expect(
      opened.trace.steps.map((step) => [step.kind, step.decision.action?.tool ?? null]),
    ).toEqual([
      ['action', 'list'],
      ['answer', null],
    ]);
    expect(opened.trace.answer).toBe('Done.');
    expect(opened.scenario.task).toBe('list them');
  });
});

describe('a Langfuse trace export', () => {
  const observation = (
    id: string,
    type: string,
    name: string,
    start: string,
    extra: Record<string, unknown> = {},
  ) => ({
    id,
    traceId: 'fee618f96dc31e0ca38b2f7b26eb8b29',
    type,
    name,
    startTime: start,
    endTime: start,
    parentObservationId: id === 'a1' ? null : 'a1',
    input: null,
    output: null,
    inputUsage: 0,
    outputUsage: 0,
    metadata: '{}',
    ...extra,
  });
  const full = [
    observation('a1', 'AGENT', 'Agent workflow', '2025-09-30T09:03:59.962Z', {
      inputUsage: 500,
      outputUsage: 500,
    }),
    observation('g1', 'GENERATION', 'response', '2025-09-30T09:04:00.100Z', {
      input: JSON.stringify([{ role: 'user', content: 'Weather in Tokyo?' }]),
      output: JSON.stringify({
        output: [
          {
            type: 'function_call',
            name: 'get_weather',
            arguments: '{"city":"Tokyo"}',
            call_id: 'c1',
          },
        ],
      }),
      inputUsage: 55,
      outputUsage: 15,
    }),
    observation('t1', 'TOOL', 'get_weather', '2025-09-30T09:04:01.000Z', {
      input: '{"city":"Tokyo"}',
      output: 'Sunny.',
    }),
    observation('g2', 'GENERATION', 'response', '2025-09-30T09:04:01.500Z', {
      output: JSON.stringify({
        output: [{ type: 'message', content: [{ type: 'output_text', text: 'It is sunny.' }] }],
      }),
      inputUsage: 85,
      outputUsage: 29,
    }),
  ];
  // The UI's download lists the observations twice: in `trace`, without input and output.
  const bare = full.map((item) => ({ ...item, input: null, output: null }));
  const opened = imported(
    JSON.stringify({
      trace: { id: 'fee618f96dc31e0ca38b2f7b26eb8b29', name: 'Agent workflow', observations: bare },
      observations: full,
    }),
  );

  it('merges observations listed twice and maps generations and tools', () => {
    expect(opened.formatLabel).toBe('Langfuse trace export');
    expect(opened.spans).toHaveLength(4);
    expect(opened.notes.map((note) => note.code)).toContain('duplicate_span');
    expect(opened.trace.metrics).toMatchObject({
      llmCalls: 2,
      toolCalls: 1,
      promptTokens: 140,
      completionTokens: 44,
    });
    expect(opened.trace.steps[0]!.observation?.result).toBe('Sunny.');
    expect(opened.trace.answer).toBe('It is sunny.');
  });
});

describe('Phoenix span JSON', () => {
  const llm = {
    name: 'llm',
    context: { trace_id: 'fixture-trace', span_id: 's02' },
    span_kind: 'LLM',
    parent_id: 's01',
    start_time: '2026-07-09T00:00:01.250000+00:00',
    end_time: '2026-07-09T00:00:02+00:00',
    status_code: 'OK',
    attributes: Object.fromEntries(
      [
        ...Array.from({ length: 12 }, (_, index) => [
          `llm.input_messages.${index}.message.content`,
          `m${index}`,
        ]),
        ...Array.from({ length: 12 }, (_, index) => [
          `llm.input_messages.${index}.message.role`,
          index === 0 ? 'system' : 'user',
        ]),
        ['llm.output_messages.0.message.content', 'answer'],
        ['llm.token_count.prompt', 321],
        ['llm.token_count.completion', 12],
      ].reverse(),
    ),
  };
  const root = {
    name: 'turn',
    context: { trace_id: 'fixture-trace', span_id: 's01' },
    span_kind: 'AGENT',
    parent_id: null,
    start_time: '2026-07-09T00:00:00+00:00',
    end_time: '2026-07-09T00:00:03+00:00',
    status_code: 'OK',
    attributes: { 'llm.token_count.prompt': 9999 },
  };

  it('reads llm.input_messages.N in numeric order whatever the key order, times with µs', () => {
    const opened = imported(JSON.stringify([root, llm]));
    expect(opened.formatLabel).toBe('Phoenix span JSON');
    const call = opened.trace.steps[0]!.modelCall!;
    const messages = opened.trace.conversations[call.context.conversation]!.slice(
      0,
      call.context.length,
    );
    expect(messages.map((message) => message.content)).toEqual(
      Array.from({ length: 12 }, (_, index) => `m${index}`),
    );
    expect(opened.spans[1]!.startNs).toBe('1783555201250000000');
    expect(opened.trace.metrics.promptTokens).toBe(321);
  });
});

describe('Phoenix spans as JSON Lines, one span a line', () => {
  it('reads them as Phoenix spans', () => {
    const span = (id: string, parent: string | null, kind: string, start: string) => ({
      name: id,
      context: { trace_id: 't', span_id: id },
      span_kind: kind,
      parent_id: parent,
      start_time: start,
      end_time: start,
      status_code: 'OK',
      attributes:
        kind === 'TOOL'
          ? { 'tool.name': 'lookup', 'input.value': '{"q":1}', 'output.value': 'found' }
          : {},
    });
    const lines = [
      span('root', null, 'AGENT', '2026-01-01T00:00:00Z'),
      span('tool', 'root', 'TOOL', '2026-01-01T00:00:01Z'),
    ];
    const opened = imported(lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(opened.formatLabel).toBe('Phoenix span JSON');
    expect(opened.trace.steps[0]!.decision.action).toEqual({ tool: 'lookup', args: { q: 1 } });
    expect(opened.trace.steps[0]!.observation?.result).toBe('found');
  });
});

describe('OpenTelemetry SDK span JSON with integer ids', () => {
  // Two span ids that are one apart beyond a double's precision: JSON.parse makes them equal.
  const text = `{"spans": [
    {"name": "call_llm m", "kind": "internal", "parent": {"trace_id": 100927429609276267646756448943279827607, "span_id": 12324293800750531911},
     "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 12324293800750531912},
     "start_time": 1758026593210770001, "end_time": 1758026593449611000, "status": {"status_code": "ok"},
     "attributes": {"gen_ai.operation.name": "call_llm", "gen_ai.usage.input_tokens": 269, "gen_ai.usage.output_tokens": 16}},
    {"name": "invoke_agent [any_agent]", "kind": "internal", "parent": {"span_id": null},
     "context": {"trace_id": 100927429609276267646756448943279827607, "span_id": 12324293800750531911},
     "start_time": 1758026593210770000, "end_time": 1758026593449611000, "status": {"status_code": "ok"},
     "attributes": {"gen_ai.operation.name": "invoke_agent"}}
  ]}`;

  it('keeps 128-bit and 64-bit integer ids exact, so the parent link survives', () => {
    const opened = imported(text);
    expect(opened.formatLabel).toBe('OpenTelemetry SDK span JSON');
    expect(opened.traceIds).toEqual([
      BigInt('100927429609276267646756448943279827607').toString(16),
    ]);
    expect(opened.spans.map((row) => [row.name, row.depth])).toEqual([
      ['invoke_agent [any_agent]', 0],
      ['call_llm m', 1],
    ]);
    expect(opened.spans[1]!.parentId).toBe(BigInt('12324293800750531911').toString(16));
    expect(opened.notes.map((note) => note.code)).not.toContain('parent_missing');
  });
});

describe('a Loopscope export read back', () => {
  it('restores each step exactly from loopscope.step.json', () => {
    const native = {
      format: 'loopscope.trace',
      version: 1,
      scenario: 'shopops-happy',
      stopReason: 'answer',
      escalation: null,
      error: null,
      answer: 'done',
      forkedFrom: null,
      path: [],
      config: { mode: 'reflact' },
      metrics: {
        llmCalls: 1,
        reflections: 0,
        toolCalls: 0,
        emptyToolCalls: 0,
        duplicateToolHits: 0,
        fabricationHits: 0,
        promptTokens: 5,
        completionTokens: 2,
        attempts: 1,
        latencyMs: 3,
      },
      steps: [
        {
          index: 0,
          attempt: 1,
          phase: 'answered',
          kind: 'answer',
          trigger: null,
          reflection: null,
          reward: null,
          framing: null,
          thought: 'sure',
          answer: 'done',
          modelCall: {
            messages: [{ role: 'user', content: 'go' }],
            text: 'Thought: sure\nAction: answer done',
            usage: { promptTokens: 5, completionTokens: 2 },
            latencyMs: 3,
            usageEstimated: false,
            ttftMs: 1,
            reasoning: null,
            toolCall: null,
          },
          decision: {
            intent: 'answer',
            action: null,
            evidenceRefs: [],
            policy: { outcome: 'allowed', reason: null },
            confidence: 0,
          },
          observation: null,
        },
      ],
    };
    const spans = [
      otlpSpan({
        id: 'f000000000000001',
        name: 'invoke_agent shopops-happy',
        start: 0,
        attributes: {
          'gen_ai.operation.name': 'invoke_agent',
          [LOOPSCOPE.scenario]: 'shopops-happy',
          [LOOPSCOPE.config]: JSON.stringify({ ...native.config }),
          [LOOPSCOPE.stopReason]: 'answer',
        },
      }),
      otlpSpan({
        id: 'f000000000000002',
        parent: 'f000000000000001',
        name: 'chat',
        start: 1,
        attributes: {
          'gen_ai.operation.name': 'chat',
          [LOOPSCOPE.stepIndex]: 0,
          [LOOPSCOPE.step]: JSON.stringify(native.steps[0]),
        },
      }),
    ];
    const opened = imported(JSON.stringify(otlpRequest(spans)));
    const json = toTraceJson(opened.trace);
    expect(json.steps).toEqual(native.steps);
    expect(json.scenario).toBe('shopops-happy');
    expect(opened.trace.config.mode).toBe('reflact');
    expect(opened.trace.metrics).toMatchObject({
      llmCalls: 1,
      promptTokens: 5,
      completionTokens: 2,
    });
  });
});
