import { describe, expect, it } from 'vitest';
import { FileError } from '../files/errors';
import { openFileText, type OpenedFile } from '../files/open';
import { TRACE_HEX, genAiLoop, otlpRequest, otlpSpan } from './fixtures/build';
import { checkImportSize } from './open-foreign';
import { runScenario, scenarioConfig } from '../run-scenario';

function imported(text: string, name = 'trace.json'): Extract<OpenedFile, { kind: 'foreign' }> {
  const opened = openFileText(text, name);
  if (opened.kind !== 'foreign') throw new Error(`expected a foreign trace, got ${opened.kind}`);
  return opened;
}

const codes = (opened: { notes: readonly { code: string }[] }) =>
  opened.notes.map((note) => note.code);

describe('an OTLP/JSON GenAI agent loop', () => {
  const opened = imported(JSON.stringify(otlpRequest(genAiLoop())));

  it('says which format it is and shows each model call and tool call as steps', () => {
    expect(opened.formatLabel).toBe('OTLP/JSON');
    expect(opened.trace.steps.map((step) => step.kind)).toEqual(['action', 'answer']);
    expect(opened.trace.steps[0]!.decision.action).toEqual({ tool: 'get_order', args: { id: 7 } });
    expect(opened.trace.steps[0]!.observation).toEqual({
      ok: true,
      result: { status: 'shipped' },
      empty: false,
    });
    expect(opened.trace.answer).toBe('Order 7 has shipped.');
    expect(opened.trace.stopReason).toBe('answer');
  });

  it('keeps the exact messages each call saw, the system instructions first', () => {
    const call = opened.trace.steps[0]!.modelCall!;
    const messages = opened.trace.conversations[call.context.conversation]!.slice(
      0,
      call.context.length,
    );
    expect(messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Where is order 7?' },
    ]);
    expect(call.toolCall).toEqual({ id: 'call-1', name: 'get_order', arguments: '{"id":7}' });
  });

  it('counts tokens from the calls in new and old names, never the agent rollup', () => {
    expect(opened.trace.metrics).toMatchObject({
      llmCalls: 2,
      toolCalls: 1,
      promptTokens: 100,
      completionTokens: 20,
    });
    const agent = opened.spans.find((row) => row.type === 'agent')!;
    expect(agent.step).toBeNull();
    expect(agent.note).toMatch(/rollup/);
    expect(opened.unmapped.map((span) => span.name)).toEqual(['invoke_agent shop']);
  });

  it('gives a scenario the app can hold the run with, named from the trace id', () => {
    expect(opened.scenario.id).toBe(`imported-${TRACE_HEX.slice(0, 16)}`);
    expect(opened.trace.scenario).toBe(opened.scenario.id);
    expect(opened.scenario.task).toBe('Where is order 7?');
    expect(opened.scenario.tools.map((tool) => tool.name)).toEqual(['get_order']);
  });
});

describe('the traps real files hold', () => {
  it('reads every attribute written as a string and treats a missing parent as a root', () => {
    const span = otlpSpan({
      id: '0dedf6826df097a9',
      parent: '8127960fb3f7c04d',
      name: 'chat gpt',
      start: 0,
      attributes: {},
    });
    span['attributes'] = [
      { key: 'gen_ai.operation.name', value: { stringValue: 'chat' } },
      { key: 'gen_ai.usage.input_tokens', value: { stringValue: '11' } },
      { key: 'gen_ai.usage.output_tokens', value: { stringValue: '13' } },
    ];
    const opened = imported(JSON.stringify(otlpRequest([span])));
    expect(opened.trace.metrics).toMatchObject({
      llmCalls: 1,
      promptTokens: 11,
      completionTokens: 13,
    });
    expect(opened.spans[0]!.depth).toBe(0);
    expect(codes(opened)).toContain('parent_missing');
  });

  it('reads base64 ids and joins spans split across requests and resources', () => {
    const parent = otlpSpan(
      {
        id: 'AAAAAAAAAAE=',
        name: 'invoke_agent a',
        start: 0,
        attributes: { 'gen_ai.operation.name': 'invoke_agent' },
      },
      'AQEBAQEBAQEBAQEBAQEBAQ==',
    );
    const child = otlpSpan(
      {
        id: 'AAAAAAAAAAI=',
        parent: 'AAAAAAAAAAE=',
        name: 'chat',
        start: 1,
        attributes: { 'gen_ai.operation.name': 'chat' },
      },
      'AQEBAQEBAQEBAQEBAQEBAQ==',
    );
    const opened = imported(
      JSON.stringify([otlpRequest([child], 'b'), otlpRequest([parent], 'a')]),
    );
    expect(opened.spans.map((row) => [row.id, row.depth])).toEqual([
      ['0000000000000001', 0],
      ['0000000000000002', 1],
    ]);
    expect(opened.traceIds).toEqual(['01010101010101010101010101010101']);
  });

  it('reads OTLP JSON Lines before trying one JSON value, a parent on another line', () => {
    const first = otlpRequest([
      otlpSpan({
        id: 'aaaaaaaaaaaaaaaa',
        name: 'turn',
        start: 0,
        attributes: { 'openinference.span.kind': 'CHAIN', 'llm.token_count.prompt': 500 },
      }),
    ]);
    const second = otlpRequest([
      otlpSpan({
        id: 'bbbbbbbbbbbbbbbb',
        parent: 'aaaaaaaaaaaaaaaa',
        name: 'llm',
        start: 1,
        attributes: {
          'openinference.span.kind': 'LLM',
          'llm.token_count.prompt': 35,
          'llm.token_count.completion': 10,
        },
      }),
    ]);
    const opened = imported(`${JSON.stringify(first)}\n${JSON.stringify(second)}\n`, 'spans.jsonl');
    expect(opened.format).toBe('otlp-jsonl');
    expect(opened.trace.metrics).toMatchObject({
      llmCalls: 1,
      promptTokens: 35,
      completionTokens: 10,
    });
    expect(opened.spans[1]!.depth).toBe(1);
  });

  it('names the line of a JSON Lines file that is broken', () => {
    const line = JSON.stringify(
      otlpRequest([otlpSpan({ id: 'aaaaaaaaaaaaaaaa', name: 'x', start: 0 })]),
    );
    expect(() => openFileText(`${line}\n{"resourceSpans": [}\n`, 'bad.jsonl')).toThrow(
      /bad\.jsonl: not JSON \(line 2/,
    );
  });

  it('keeps nanosecond times written as bare numbers above 2^53 exact (Tempo, legacy names)', () => {
    const spans = ['1777555053780274700', '1777555053780274701'].map((start, index) => ({
      traceId: TRACE_HEX,
      spanId: `${index}`.repeat(16),
      name: index === 0 ? 'execute_tool first' : 'execute_tool second',
      startTimeUnixNano: Number.MAX_SAFE_INTEGER, // replaced below by the bare literal
      attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } }],
      start,
    }));
    const text = JSON.stringify({
      batches: [
        {
          instrumentationLibrarySpans: [
            { instrumentationLibrary: { name: 'x' }, spans: [spans[1], spans[0]] },
          ],
        },
      ],
    }).replace(
      /"startTimeUnixNano":9007199254740991,"attributes":(\[[^\]]*\]),"start":"(\d+)"/g,
      '"startTimeUnixNano":$2,"attributes":$1',
    );
    const opened = imported(text);
    expect(opened.formatLabel).toBe('Grafana Tempo export');
    expect(opened.spans.map((row) => row.startNs)).toEqual([
      '1777555053780274700',
      '1777555053780274701',
    ]);
    expect(opened.trace.steps.map((step) => step.decision.action?.tool)).toEqual([
      'first',
      'second',
    ]);
  });

  it('counts one model call reported on three nested spans once', () => {
    const opened = imported(
      JSON.stringify(
        otlpRequest([
          otlpSpan({
            id: 'a000000000000001',
            name: 'call_llm',
            start: 0,
            end: 3,
            attributes: { 'gen_ai.usage.input_tokens': 20, 'gen_ai.usage.output_tokens': 5 },
          }),
          otlpSpan({
            id: 'a000000000000002',
            parent: 'a000000000000001',
            name: 'generate_content m',
            start: 0.1,
            attributes: {
              'gen_ai.operation.name': 'generate_content',
              'gen_ai.usage.input_tokens': 20,
              'gen_ai.usage.output_tokens': 5,
            },
          }),
          otlpSpan({
            id: 'a000000000000003',
            parent: 'a000000000000002',
            name: 'openai.chat',
            start: 0.2,
            attributes: {
              'llm.request.type': 'chat',
              'gen_ai.prompt.1.role': 'user',
              'gen_ai.prompt.1.content': 'hi',
              'gen_ai.prompt.0.role': 'system',
              'gen_ai.prompt.0.content': 'sys',
              'gen_ai.completion.0.content': 'hello',
              'gen_ai.usage.prompt_tokens': 20,
              'gen_ai.usage.completion_tokens': 5,
            },
          }),
        ]),
      ),
    );
    expect(opened.trace.metrics).toMatchObject({
      llmCalls: 1,
      promptTokens: 20,
      completionTokens: 5,
    });
    const call = opened.trace.steps[0]!.modelCall!;
    expect(opened.trace.conversations[call.context.conversation]!.map((m) => m.role)).toEqual([
      'system',
      'user',
    ]);
    expect(opened.spans.filter((row) => row.step === 0)).toHaveLength(3);
    expect(opened.spans[2]!.note).toMatch(/counted once/);
  });

  it('counts repeated tool calls and already-seen observations', () => {
    const tool = (id: string, start: number) =>
      otlpSpan({
        id,
        name: 'execute_tool search',
        start,
        attributes: {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.call.arguments': '{"q":"x"}',
          'gen_ai.tool.call.result': '[]',
        },
      });
    const opened = imported(
      JSON.stringify(otlpRequest([tool('c000000000000001', 0), tool('c000000000000002', 1)])),
    );
    expect(opened.trace.metrics).toMatchObject({
      toolCalls: 2,
      duplicateToolHits: 1,
      emptyToolCalls: 2,
    });
  });

  it('notes a count of the wrong type and reads on', () => {
    const span = otlpSpan({
      id: 'd000000000000001',
      name: 'chat',
      start: 0,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.usage.input_tokens': true,
        'gen_ai.usage.prompt_tokens': 7,
      },
    });
    const opened = imported(JSON.stringify(otlpRequest([span])));
    expect(opened.trace.metrics.promptTokens).toBe(7);
    expect(codes(opened)).toContain('bad_attribute');
  });

  it('cuts a cycle of parent links and says so', () => {
    const opened = imported(
      JSON.stringify(
        otlpRequest([
          otlpSpan({ id: 'e000000000000001', parent: 'e000000000000002', name: 'a', start: 0 }),
          otlpSpan({ id: 'e000000000000002', parent: 'e000000000000001', name: 'b', start: 1 }),
        ]),
      ),
    );
    expect(opened.spans).toHaveLength(2);
    expect(codes(opened)).toContain('parent_cycle');
  });

  it('walks a span tree 10,000 deep without overflowing the stack', () => {
    const spans = Array.from({ length: 10_000 }, (_, index) =>
      otlpSpan({
        id: (index + 1).toString(16).padStart(16, '0'),
        ...(index > 0 ? { parent: index.toString(16).padStart(16, '0') } : {}),
        name: `s${index}`,
        start: index,
      }),
    );
    const opened = imported(JSON.stringify(otlpRequest(spans)));
    expect(opened.spans[9_999]!.depth).toBe(9_999);
    expect(codes(opened)).toContain('no_model_spans');
  });

  it('opens a valid file with no model or tool spans: the span tree, no steps, and says so', () => {
    const opened = imported(
      JSON.stringify(
        otlpRequest([
          otlpSpan({
            id: '',
            name: 'operationA',
            start: 0,
            attributes: { 'http.method': 'GET' },
            error: 'status-cancelled',
          }),
        ]),
      ),
    );
    expect(opened.trace.steps).toEqual([]);
    expect(opened.spans.map((row) => [row.id, row.typeLabel, row.error])).toEqual([
      ['span-1', 'HTTP', true],
    ]);
    expect(codes(opened)).toEqual(['synthetic_id', 'no_model_spans']);
  });

  it('refuses a foreign trace above 100 MB with a message', () => {
    expect(() => checkImportSize(150 * 1024 * 1024, 'big.json')).toThrow(FileError);
    expect(() => checkImportSize(150 * 1024 * 1024, 'big.json')).toThrow(
      /big\.json: 150 MB, larger than the 100 MB Loopscope imports/,
    );
  });

  it('names the part of an OTLP file that has the wrong shape', () => {
    const text = JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: 'none' }] }] });
    expect(() => openFileText(text, 'odd.json')).toThrow(
      'odd.json: $.resourceSpans[0].scopeSpans[0]: expected an object with "spans"',
    );
  });

  it('still says a JSON file of no known shape is not one of ours', () => {
    expect(() => openFileText('{"hello": 1}', 'x.json')).toThrow(/not a Loopscope trace/);
  });
});

describe('Run on an imported trace', () => {
  it('replays it: the scenario answers with the recorded replies and results, the same tool calls and answer', async () => {
    const opened = imported(JSON.stringify(otlpRequest(genAiLoop())));
    expect(opened.scenario.model.kind).toBe('scripted');
    const replay = await runScenario(
      opened.scenario,
      scenarioConfig(opened.scenario, { mode: 'react' }),
    );
    expect(replay.steps.map((step) => step.decision.action)).toEqual(
      opened.trace.steps.map((step) => step.decision.action),
    );
    expect(replay.steps.find((step) => step.observation)?.observation?.result).toEqual({
      status: 'shipped',
    });
    expect(replay.answer).toBe(opened.trace.answer);
  });
});
