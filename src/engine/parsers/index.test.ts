import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mode } from '../config';
import type { ReflectionParts, ToolSpec } from '../types';
import {
  ParseError,
  cutAtObservation,
  parseReflectionParts,
  parseReflectionPhase,
  parseReply,
  stripTrailingLabelFragment,
} from './index';
import type { ParseOutcome } from './index';

const tools: readonly ToolSpec[] = [
  {
    name: 'rag_search',
    description: 'Searches the corpus.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, top_k: { type: 'integer' } },
    },
  },
];
const modes: readonly Mode[] = ['act', 'react', 'reflact'];
const codes = ['empty_reply', 'no_action', 'bad_action', 'bad_arguments', 'empty_answer'];

const fragments = [
  'Thought:',
  'THOUGHT: ',
  'Reflection:',
  'REFLECTION:',
  'Action:',
  'ACTION: ',
  'action 2:',
  'Final Answer:',
  'FINAL ANSWER:',
  'Observation:',
  'GOAL:',
  '**Action:**',
  'tool:',
  'tool:rag_search ',
  'rag_search(',
  '("',
  '")',
  ')',
  '({',
  '"query": ',
  '}',
  'key=',
  '"two words"',
  "'x",
  'answer ',
  'escalate ',
  'answer("',
  'Current state:',
  'Letzte Entdeckung:',
  '2. Ziel-Relation:',
  '\n',
  ' ',
  '```json',
  '{"thought": "',
  '\\',
  '=',
  '*',
  'Act',
  'Final Ans',
];

/** Strings built from label fragments mixed with random text. */
const labelSoup = fc
  .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 8 })), { maxLength: 30 })
  .map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), labelSoup);

function isParts(value: ReflectionParts | null): boolean {
  return (
    value === null ||
    (typeof value.state === 'string' &&
      typeof value.discovery === 'string' &&
      typeof value.goalRelation === 'string')
  );
}

function wellFormed(outcome: ParseOutcome): boolean {
  if (outcome.ok) {
    const { reply } = outcome;
    const action = reply.action;
    const actionOk =
      (action.kind === 'tool' &&
        action.call.tool.length > 0 &&
        typeof action.call.args === 'object') ||
      (action.kind === 'answer' && action.text.length > 0) ||
      (action.kind === 'escalate' && typeof action.reason === 'string');
    return (
      actionOk &&
      isParts(reply.reflection) &&
      (reply.reflection === null) === (reply.reflectionText === null)
    );
  }
  return (
    outcome.error instanceof ParseError &&
    codes.includes(outcome.error.code) &&
    outcome.error.message.length > 0 &&
    isParts(outcome.reflection)
  );
}

describe('parseReply on arbitrary text', () => {
  it('never throws and returns a well-formed outcome in every mode', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...modes), (text, mode) => {
        expect(wellFormed(parseReply(text, mode, tools))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the same action whether or not a hallucinated observation follows', () => {
    fc.assert(
      fc.property(labelSoup, labelSoup, fc.constantFrom(...modes), (text, tail, mode) => {
        const cut = cutAtObservation(text);
        const withTail = parseReply(`${cut}\nObservation: ${tail}`, mode, tools);
        const alone = parseReply(cut, mode, tools);
        expect(withTail.ok).toBe(alone.ok);
        if (withTail.ok && alone.ok) expect(withTail.reply.action).toEqual(alone.reply.action);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the other parsers on arbitrary text', () => {
  it('never throw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const phase = parseReflectionPhase(text);
        expect(typeof phase.thought).toBe('string');
        expect(isParts(phase.reflection)).toBe(true);
        expect(isParts(parseReflectionParts(text))).toBe(true);
        expect(text.startsWith(stripTrailingLabelFragment(text))).toBe(true);
        expect(text.startsWith(cutAtObservation(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('give reflection parts for every non-empty text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(parseReflectionParts(text) === null).toBe(text.trim() === '');
      }),
    );
  });
});

describe('long adversarial input', () => {
  const long = (unit: string): string => unit.repeat(Math.ceil(100_000 / unit.length));

  it('parses 100k characters of repeated "Action: (" and returns', () => {
    const outcome = parseReply(long('Action: ('), 'react', tools);
    expect(outcome.ok).toBe(false);
  });

  it('returns on other long runs that could make a regex backtrack', () => {
    const units = [
      '*',
      'a',
      '1',
      '- ',
      '{"',
      '{',
      'Action: tool:x a="',
      'final ',
      'Thought: ',
      'x=',
      ' ',
    ];
    for (const unit of units) {
      for (const mode of modes) expect(wellFormed(parseReply(long(unit), mode, tools))).toBe(true);
      expect(typeof parseReflectionPhase(long(unit)).thought).toBe('string');
      expect(parseReflectionParts(`Current state: ${long(unit)}`)).not.toBeNull();
      expect(stripTrailingLabelFragment(long(unit)).length).toBeLessThanOrEqual(
        100_000 + unit.length,
      );
    }
    expect(parseReply(`Action: tool:x ${long('a')}`, 'act', tools).ok).toBe(true);
    expect(parseReply(`Action: rag_search(${long('(')}`, 'act', tools).ok).toBe(false);
  });
});
