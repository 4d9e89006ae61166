import { describe, expect, it } from 'vitest';
import type { Mode } from '../config';
import type { ToolSpec } from '../types';
import { ParseError, parseReply } from './parse-reply';
import type { ParseOutcome, ParsedReply } from './parse-reply';

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
    name: 'get_order',
    description: 'Looks up an order.',
    parameters: {
      type: 'object',
      properties: {
        case_id: { type: 'string' },
        verbose: { type: 'boolean' },
        limit: { type: 'number' },
      },
    },
  },
];

function reply(text: string, mode: Mode = 'react'): ParsedReply {
  const outcome = parseReply(text, mode, tools);
  if (!outcome.ok) throw new Error(`unexpected ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.reply;
}

function failure(text: string, mode: Mode = 'react'): Extract<ParseOutcome, { ok: false }> {
  const outcome = parseReply(text, mode, tools);
  if (outcome.ok) throw new Error(`unexpected success: ${JSON.stringify(outcome.reply)}`);
  return outcome;
}

describe('ReAct replies', () => {
  it('reads the thought and a tool:NAME action with typed values', () => {
    expect(
      reply(
        'Thought: I need the order.\nAction: tool:get_order case_id=O-1001 verbose=true limit=2',
      ),
    ).toEqual({
      thought: 'I need the order.',
      reflectionText: null,
      reflection: null,
      action: {
        kind: 'tool',
        call: { tool: 'get_order', args: { case_id: 'O-1001', verbose: true, limit: 2 } },
      },
    });
  });

  it('keeps ) inside a quoted query', () => {
    expect(reply('Thought: t\nAction: rag_search("a (b) c")').action).toEqual({
      kind: 'tool',
      call: { tool: 'rag_search', args: { query: 'a (b) c' } },
    });
  });

  it('reads a JSON-args action and an empty call', () => {
    expect(reply('Action: rag_search({"query": "x", "top_k": 2})').action).toMatchObject({
      call: { args: { query: 'x', top_k: 2 } },
    });
    expect(reply('Action: get_order()').action).toMatchObject({ call: { args: {} } });
  });

  it('reads a final answer, multi-line, trimmed', () => {
    expect(reply('Thought: done\nFinal Answer:  The refund\nwas sent.  ').action).toEqual({
      kind: 'answer',
      text: 'The refund\nwas sent.',
    });
  });

  it('reads answer and escalate actions', () => {
    expect(reply('Action: answer The order shipped.').action).toEqual({
      kind: 'answer',
      text: 'The order shipped.',
    });
    expect(reply('Action: escalate I cannot verify the customer.').action).toEqual({
      kind: 'escalate',
      reason: 'I cannot verify the customer.',
    });
  });

  it('keeps a REFLECTION label as reflection text next to the thought', () => {
    const r = reply('Thought: t\nReflection: Current state: s\nAction: answer a');
    expect(r.thought).toBe('t');
    expect(r.reflectionText).toBe('Current state: s');
    expect(r.reflection).toEqual({ state: 's', discovery: '', goalRelation: '' });
  });
});

describe('labels', () => {
  it('match in mixed case and mid-sentence', () => {
    expect(reply('I think the next Action: tool:x a=1').action).toEqual({
      kind: 'tool',
      call: { tool: 'x', args: { a: '1' } },
    });
    expect(reply('tHoUgHt: t\naCTion: answer ok').thought).toBe('t');
  });

  it('count only on their first match', () => {
    const r = reply('Thought: first\nAction: tool:a\nThought: second\nAction: tool:b');
    expect(r.thought).toBe('first');
    expect(r.action).toMatchObject({ call: { tool: 'a' } });
  });

  it('let a final answer win over an action, in every mode, in either order', () => {
    for (const mode of ['react', 'act', 'reflact'] as const) {
      expect(reply('Action: tool:a\nFinal Answer: done', mode).action).toEqual({
        kind: 'answer',
        text: 'done',
      });
      expect(reply('FINAL ANSWER: done\nACTION: tool:a', mode).action).toMatchObject({
        text: 'done',
      });
    }
  });

  it('ignore whatever follows a hallucinated Observation', () => {
    const r = reply(
      'Thought: t\nAction: tool:a q=1\nObservation: {"ok": true}\nFinal Answer: fake',
    );
    expect(r.action).toEqual({ kind: 'tool', call: { tool: 'a', args: { q: '1' } } });
  });
});

describe('ReflAct replies', () => {
  it('read the reflection parts and the action', () => {
    const r = reply(
      'REFLECTION: Current state: order known. Last discovery: shipped. Goal relation: ready.\nACTION: answer It shipped.',
      'reflact',
    );
    expect(r.reflection).toEqual({
      state: 'order known.',
      discovery: 'shipped.',
      goalRelation: 'ready.',
    });
    expect(r.action).toEqual({ kind: 'answer', text: 'It shipped.' });
  });

  it('read THOUGHT as the reflection when there is no REFLECTION label', () => {
    const r = reply(
      'THOUGHT:\n1. Aktueller Zustand: a\n2. Letzte Entdeckung: b\n3. Ziel-Relation: c\nACTION: tool:x',
      'reflact',
    );
    expect(r.thought).toBeNull();
    expect(r.reflection).toEqual({ state: 'a', discovery: 'b', goalRelation: 'c' });
  });

  it('keep THOUGHT as the thought when a REFLECTION label is present', () => {
    const r = reply('Thought: t\nReflection: r\nFinal Answer: f', 'reflact');
    expect(r.thought).toBe('t');
    expect(r.reflection).toEqual({ state: 'r', discovery: '', goalRelation: '' });
  });

  it('stop the reflection at a GOAL label', () => {
    expect(reply('REFLECTION: r GOAL: g ACTION: tool:x', 'reflact').reflectionText).toBe('r');
  });
});

describe('ACT replies', () => {
  it('accept a bare action form with no label', () => {
    expect(reply('  tool:get_order case_id=O-1001 \n', 'act').action).toEqual({
      kind: 'tool',
      call: { tool: 'get_order', args: { case_id: 'O-1001' } },
    });
    expect(reply('rag_search("x")', 'act').action).toMatchObject({
      call: { args: { query: 'x' } },
    });
  });

  it('accept a labelled action without a thought', () => {
    expect(reply('Action: tool:x', 'act').thought).toBeNull();
  });

  it('do not take a bare form followed by more text', () => {
    expect(failure('rag_search("x")\nand then more', 'act').error.code).toBe('no_action');
  });

  it('are the only mode taking bare forms', () => {
    expect(failure('rag_search("x")', 'react').error.code).toBe('no_action');
  });

  it('report bad JSON in a bare form as bad_arguments', () => {
    expect(failure('rag_search({oops})', 'act').error.code).toBe('bad_arguments');
  });
});

describe('unparseable replies', () => {
  it('name an empty reply', () => {
    const f = failure(' \n\t');
    expect(f.error).toBeInstanceOf(ParseError);
    expect(f.error.code).toBe('empty_reply');
    expect(f.error.message).toBe('The reply is empty.');
  });

  it('name a thought without an action, keeping the thought', () => {
    const f = failure('Thought: I wonder.');
    expect(f.error.code).toBe('no_action');
    expect(f.error.message).toBe('The reply has a Thought but no Action or Final Answer.');
    expect(f.thought).toBe('I wonder.');
  });

  it('name plain prose without an action', () => {
    expect(failure('Hello there.').error.message).toBe('The reply has no Action or Final Answer.');
  });

  it('name an action text that matches no form', () => {
    expect(failure('Action: please search the web').error.code).toBe('bad_action');
  });

  it('name bad JSON args', () => {
    expect(failure('Action: rag_search({"query": })').error.code).toBe('bad_arguments');
  });

  it('name an empty final answer even when an action is present', () => {
    expect(failure('Action: tool:x\nFinal Answer:  ').error.code).toBe('empty_answer');
  });

  it('keep the reflection of a failed ReflAct reply', () => {
    const f = failure('REFLECTION: Current state: s', 'reflact');
    expect(f.error.message).toBe('The reply has a Reflection but no Action or Final Answer.');
    expect(f.reflection).toEqual({ state: 's', discovery: '', goalRelation: '' });
  });
});

describe('streamed replies cut at a label', () => {
  it('are unparseable and do not throw', () => {
    expect(failure('Thought: x\nAct').error.code).toBe('no_action');
    expect(failure('Thought: x\nAction: tool:').error.code).toBe('bad_action');
    expect(failure('Thought: x\nAction: rag_search("half', 'act').error.code).toBe('bad_action');
    expect(failure('Thought: x\nFinal Answer:', 'reflact').error.code).toBe('empty_answer');
  });
});
