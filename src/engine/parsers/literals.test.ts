import { describe, expect, it } from 'vitest';
import { findObjectEnd, isRecord, readQuoted, skipSpace, unescapeString } from './literals';

describe('unescapeString', () => {
  it('resolves the common escapes', () => {
    expect(unescapeString('a\\nb\\t\\"c\\" \\\'d\\\' \\\\')).toBe('a\nb\t"c" \'d\' \\');
  });

  it('keeps an unknown escape as written, so Windows paths survive', () => {
    expect(unescapeString('C:\\data\\x')).toBe('C:\\data\\x');
  });
});

describe('readQuoted', () => {
  it('reads a double-quoted literal and keeps a closing parenthesis inside it', () => {
    expect(readQuoted('("a (b) c") tail', 1)).toEqual({ value: 'a (b) c', end: 10 });
  });

  it('reads a single-quoted literal with an escaped quote', () => {
    expect(readQuoted("'it\\'s'", 0)).toEqual({ value: "it's", end: 7 });
  });

  it('returns null when the quote never closes or there is no quote', () => {
    expect(readQuoted('"open', 0)).toBeNull();
    expect(readQuoted('plain', 0)).toBeNull();
  });
});

describe('findObjectEnd', () => {
  it('finds the brace that closes a nested object', () => {
    const text = 'f({"a": {"b": 1}}) rest';
    expect(text.slice(2, findObjectEnd(text, 2))).toBe('{"a": {"b": 1}}');
  });

  it('ignores braces inside JSON strings', () => {
    const text = '{"a": "}{\\"}"}';
    expect(findObjectEnd(text, 0)).toBe(text.length);
  });

  it('returns -1 for an object that never closes or a start that is no brace', () => {
    expect(findObjectEnd('{"a": 1', 0)).toBe(-1);
    expect(findObjectEnd('x{}', 0)).toBe(-1);
  });
});

describe('skipSpace and isRecord', () => {
  it('skips spaces, tabs and newlines', () => {
    expect(skipSpace('a \t\n\r b', 1)).toBe(6);
    expect(skipSpace('ab', 2)).toBe(2);
  });

  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
  });
});
