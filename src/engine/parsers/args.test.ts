import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../types';
import { coerceValue, firstParameter, looksLikeKeywordArgs, readPairs } from './args';

const tools: readonly ToolSpec[] = [
  {
    name: 'get_order',
    description: 'Looks up an order.',
    parameters: {
      type: 'object',
      properties: {
        case_id: { type: 'string' },
        verbose: { type: 'boolean' },
        limit: { type: 'integer' },
        ratio: { type: ['number', 'null'] },
      },
    },
  },
  { name: 'ping', description: 'No parameters.', parameters: { type: 'object' } },
];

describe('firstParameter', () => {
  it("is the first key of the tool's parameter properties", () => {
    expect(firstParameter(tools, 'get_order')).toBe('case_id');
  });

  it('falls back to query for unknown tools and tools without properties', () => {
    expect(firstParameter(tools, 'nope')).toBe('query');
    expect(firstParameter(tools, 'ping')).toBe('query');
  });
});

describe('coerceValue', () => {
  it('converts true and false (any case) for boolean parameters', () => {
    expect(coerceValue('true', ['boolean'])).toBe(true);
    expect(coerceValue('False', ['boolean'])).toBe(false);
  });

  it('converts numerals for number and integer parameters', () => {
    expect(coerceValue('2.5', ['number'])).toBe(2.5);
    expect(coerceValue('-3', ['integer'])).toBe(-3);
    expect(coerceValue('1e3', ['integer'])).toBe(1000);
  });

  it('keeps the string when conversion fails', () => {
    expect(coerceValue('yes', ['boolean'])).toBe('yes');
    expect(coerceValue('2.5', ['integer'])).toBe('2.5');
    expect(coerceValue('12abc', ['number'])).toBe('12abc');
    expect(coerceValue('1e999', ['number'])).toBe('1e999');
  });

  it('keeps strings for string-typed and untyped parameters', () => {
    expect(coerceValue('42', ['string'])).toBe('42');
    expect(coerceValue('true', [])).toBe('true');
  });
});

describe('readPairs', () => {
  it('reads bare, double-quoted and single-quoted values', () => {
    expect(readPairs(`case_id=O-1 note="two words" who='a b'`, tools, 'get_order')).toEqual({
      case_id: 'O-1',
      note: 'two words',
      who: 'a b',
    });
  });

  it('converts values by the schema, quoted or not', () => {
    expect(readPairs('verbose=true limit="5" ratio=0.5', tools, 'get_order')).toEqual({
      verbose: true,
      limit: 5,
      ratio: 0.5,
    });
  });

  it('skips tokens that are no key=value pair', () => {
    expect(readPairs('O-1001 case_id=O-1 please', tools, 'get_order')).toEqual({ case_id: 'O-1' });
  });

  it('runs an unclosed quote to the end of the text', () => {
    expect(readPairs('note="two words', tools, 'x')).toEqual({ note: 'two words' });
  });

  it('splits at commas inside parentheses', () => {
    expect(readPairs('case_id=O-1, limit=3', tools, 'get_order', true)).toEqual({
      case_id: 'O-1',
      limit: 3,
    });
  });

  it('stores a __proto__ key as a plain property', () => {
    const args = readPairs('__proto__=x', tools, 'x');
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
  });
});

describe('looksLikeKeywordArgs', () => {
  it('recognises name=value but not comparisons or free text', () => {
    expect(looksLikeKeywordArgs('query="x"')).toBe(true);
    expect(looksLikeKeywordArgs('a == b')).toBe(false);
    expect(looksLikeKeywordArgs('a==b')).toBe(false);
    expect(looksLikeKeywordArgs('refund policy')).toBe(false);
  });
});
