import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../types';
import { parseAction } from './action';

const tools: readonly ToolSpec[] = [
  {
    name: 'rag_search',
    description: 'Searches the corpus.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, top_k: { type: 'integer' } },
    },
  },
  {
    name: 'get_page',
    description: 'Reads one page.',
    parameters: { type: 'object', properties: { page: { type: 'integer' } } },
  },
  { name: 'list_orders', description: 'Lists orders.', parameters: { type: 'object' } },
];

function toolOf(text: string): unknown {
  const result = parseAction(text, tools);
  return result.ok && result.action.kind === 'tool' ? result.action.call : result;
}

describe('tool:NAME key=value', () => {
  it('reads the name as written and the pairs of the first line only', () => {
    expect(toolOf('tool:Get.Order-2 case_id=O-1 note="a b"\nmore=1')).toEqual({
      tool: 'Get.Order-2',
      args: { case_id: 'O-1', note: 'a b' },
    });
  });

  it('ends the action form at the end of the first line', () => {
    const result = parseAction('tool:rag_search query=x\nsome prose', tools);
    expect(result.ok && result.end).toBe(23);
  });

  it('gives empty args for a bare tool:NAME and accepts tool:NAME(...)', () => {
    expect(toolOf('tool:list_orders')).toEqual({ tool: 'list_orders', args: {} });
    expect(toolOf('TOOL: rag_search("x")')).toEqual({ tool: 'rag_search', args: { query: 'x' } });
  });

  it('rejects tool: without a name', () => {
    expect(parseAction('tool:', tools)).toMatchObject({ ok: false, code: 'bad_action' });
  });
});

describe('NAME(...)', () => {
  it('passes one quoted argument as the first parameter, keeping ) inside the quotes', () => {
    expect(toolOf('rag_search("a (b) c")')).toEqual({
      tool: 'rag_search',
      args: { query: 'a (b) c' },
    });
    expect(toolOf("rag_search('it\\'s')")).toEqual({ tool: 'rag_search', args: { query: "it's" } });
  });

  it('uses query for an unknown tool and converts by the first parameter type', () => {
    expect(toolOf('web("x")')).toEqual({ tool: 'web', args: { query: 'x' } });
    expect(toolOf('get_page(3)')).toEqual({ tool: 'get_page', args: { page: 3 } });
  });

  it('takes unquoted text up to the last ) of the line, trimmed', () => {
    expect(toolOf('rag_search( refund (EU) policy )  \nnext)')).toEqual({
      tool: 'rag_search',
      args: { query: 'refund (EU) policy' },
    });
  });

  it('reads a JSON object as the args, across lines', () => {
    expect(toolOf('rag_search({"query": "x)", "top_k": 2})')).toEqual({
      tool: 'rag_search',
      args: { query: 'x)', top_k: 2 },
    });
    expect(toolOf('rag_search({\n  "query": "x"\n})')).toEqual({
      tool: 'rag_search',
      args: { query: 'x' },
    });
  });

  it('reports invalid or unclosed JSON args as bad_arguments', () => {
    expect(parseAction('rag_search({query: x})', tools)).toMatchObject({ code: 'bad_arguments' });
    expect(parseAction('rag_search({"query": "x"', tools)).toMatchObject({
      code: 'bad_arguments',
    });
  });

  it('gives empty args for NAME()', () => {
    expect(toolOf('list_orders( )')).toEqual({ tool: 'list_orders', args: {} });
  });

  it('reads keyword arguments', () => {
    expect(toolOf('rag_search(query="x, y", top_k=3)')).toEqual({
      tool: 'rag_search',
      args: { query: 'x, y', top_k: 3 },
    });
  });

  it('keeps the first string and drops further positional arguments', () => {
    expect(toolOf('rag_search("x", 5)')).toEqual({ tool: 'rag_search', args: { query: 'x' } });
  });

  it('rejects a call whose parenthesis or quote never closes', () => {
    expect(parseAction('rag_search(x', tools)).toMatchObject({ code: 'bad_action' });
    expect(parseAction('rag_search("x)', tools)).toMatchObject({ code: 'bad_action' });
    expect(parseAction('rag_search(', tools)).toMatchObject({ code: 'bad_action' });
  });
});

describe('answer and escalate', () => {
  it('takes the rest of the text, all lines, trimmed', () => {
    expect(parseAction('answer The refund\nwas issued. ', tools)).toMatchObject({
      ok: true,
      action: { kind: 'answer', text: 'The refund\nwas issued.' },
    });
    expect(parseAction('Escalate customer is angry', tools)).toMatchObject({
      action: { kind: 'escalate', reason: 'customer is angry' },
    });
  });

  it('accepts answer: text and answer("text")', () => {
    expect(parseAction('ANSWER: done', tools)).toMatchObject({ action: { text: 'done' } });
    expect(parseAction('answer("done (really)")', tools)).toMatchObject({
      action: { text: 'done (really)' },
    });
    expect(parseAction('escalate("no access")', tools)).toMatchObject({
      action: { reason: 'no access' },
    });
  });

  it('reports an answer without text as empty_answer', () => {
    expect(parseAction('answer', tools)).toMatchObject({ ok: false, code: 'empty_answer' });
    expect(parseAction('answer("")', tools)).toMatchObject({ ok: false, code: 'empty_answer' });
  });

  it('does not mistake a tool whose name starts with answer for the keyword', () => {
    expect(toolOf('answer_lookup("x")')).toEqual({ tool: 'answer_lookup', args: { query: 'x' } });
  });
});

describe('text that is no action form', () => {
  it('is bad_action, with the text quoted in the message', () => {
    const result = parseAction('search for the refund policy', tools);
    expect(result).toMatchObject({ ok: false, code: 'bad_action' });
    expect(!result.ok && result.message).toBe(
      'The Action "search for the refund policy" matches no action form.',
    );
  });

  it('names an empty action in the message', () => {
    expect(parseAction('', tools)).toMatchObject({
      code: 'bad_action',
      message: 'The Action label has no action after it.',
    });
  });

  it('accepts a bare name only when it is a known tool alone on its line', () => {
    expect(toolOf('list_orders')).toEqual({ tool: 'list_orders', args: {} });
    expect(parseAction('unknown_tool', tools)).toMatchObject({ code: 'bad_action' });
  });
});
