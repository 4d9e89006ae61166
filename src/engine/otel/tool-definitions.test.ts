import { describe, expect, it } from 'vitest';
import { openFileText } from '../files/open';
import { scenarioFromTrace } from '../scenario/from-trace';
import { attrs, genAiLoop, otlpRequest, type Attr } from './fixtures/build';

const ORDER_SCHEMA = {
  type: 'object',
  properties: { id: { type: 'integer', description: 'The order number.' } },
  required: ['id'],
};
const REFUND_SCHEMA = { type: 'object', properties: { days: { type: 'integer' } } };

type Span = Record<string, unknown> & { attributes: unknown[] };

/** The GenAI loop with `extra` attributes on its first chat span. */
function withDefinitions(extra: Record<string, Attr>) {
  let added = false;
  const spans = genAiLoop().map((raw) => {
    const span = raw as Span;
    const chat = JSON.stringify(span.attributes).includes('"chat"');
    if (added || !chat) return span;
    added = true;
    return { ...span, attributes: [...span.attributes, ...attrs(extra)] };
  });
  const opened = openFileText(JSON.stringify(otlpRequest(spans)), 'trace.json');
  if (opened.kind !== 'foreign') throw new Error(`expected a foreign trace, got ${opened.kind}`);
  return opened;
}

const toolNamed = <T extends { name: string }>(tools: readonly T[], name: string) =>
  tools.find((tool) => tool.name === name);

describe('tool definitions a foreign trace carries', () => {
  it('GenAI gen_ai.tool.definitions: the recorded schema, not one inferred from the calls', () => {
    const opened = withDefinitions({
      'gen_ai.tool.definitions': JSON.stringify([
        {
          type: 'function',
          name: 'get_order',
          description: 'Looks up an order.',
          parameters: ORDER_SCHEMA,
        },
        {
          type: 'function',
          name: 'refund',
          description: 'Refunds an order.',
          parameters: REFUND_SCHEMA,
        },
      ]),
    });
    expect(toolNamed(opened.scenario.tools, 'get_order')).toEqual({
      name: 'get_order',
      description: 'Looks up an order.',
      parameters: ORDER_SCHEMA,
    });
    // Defined but never called: still offered, as the trace's model was offered it.
    expect(toolNamed(opened.scenario.tools, 'refund')?.parameters).toEqual(REFUND_SCHEMA);

    const made = scenarioFromTrace(opened.trace, { scenario: opened.scenario }).scenario;
    expect(toolNamed(made.tools, 'get_order')?.parameters).toEqual(ORDER_SCHEMA);
    expect(toolNamed(made.tools, 'get_order')?.description).toBe('Looks up an order.');
    expect(made.fixtures).toContainEqual({
      tool: 'get_order',
      args: { id: 7 },
      result: { status: 'shipped' },
    });
  });

  it('the Chat Completions shape, with a nested function, reads the same', () => {
    const opened = withDefinitions({
      'gen_ai.tool.definitions': JSON.stringify([
        {
          type: 'function',
          function: {
            name: 'get_order',
            description: 'Looks up an order.',
            parameters: ORDER_SCHEMA,
          },
        },
      ]),
    });
    expect(toolNamed(opened.scenario.tools, 'get_order')?.parameters).toEqual(ORDER_SCHEMA);
  });

  it('OpenInference llm.tools.N.tool.json_schema', () => {
    const opened = withDefinitions({
      'llm.tools.1.tool.json_schema': JSON.stringify({
        type: 'function',
        function: { name: 'refund', description: 'Refunds an order.', parameters: REFUND_SCHEMA },
      }),
      'llm.tools.0.tool.json_schema': JSON.stringify({
        type: 'function',
        function: {
          name: 'get_order',
          description: 'Looks up an order.',
          parameters: ORDER_SCHEMA,
        },
      }),
    });
    expect(opened.scenario.tools.map((tool) => tool.name)).toEqual(['get_order', 'refund']);
    expect(toolNamed(opened.scenario.tools, 'get_order')?.parameters).toEqual(ORDER_SCHEMA);
  });

  it('OpenLLMetry llm.request.functions.N.name / description / parameters', () => {
    const opened = withDefinitions({
      'llm.request.functions.0.name': 'get_order',
      'llm.request.functions.0.description': 'Looks up an order.',
      'llm.request.functions.0.parameters': JSON.stringify(ORDER_SCHEMA),
    });
    const made = scenarioFromTrace(opened.trace, { scenario: opened.scenario }).scenario;
    expect(toolNamed(made.tools, 'get_order')).toEqual({
      name: 'get_order',
      description: 'Looks up an order.',
      parameters: ORDER_SCHEMA,
    });
  });

  it('without definitions, or with ones that are not JSON, the schema is inferred from the calls', () => {
    const cases: Record<string, Attr>[] = [{}, { 'gen_ai.tool.definitions': '[{"name": broken' }];
    for (const extra of cases) {
      const opened = withDefinitions(extra);
      const tool = toolNamed(opened.scenario.tools, 'get_order');
      expect(tool?.parameters).toEqual({ type: 'object', properties: { id: { type: 'integer' } } });
      expect(tool?.description).toMatch(/inferred/);
    }
  });
});
