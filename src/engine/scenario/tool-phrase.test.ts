import { describe, expect, it } from 'vitest';
import { parseToolPhrase, phraseArguments } from './tool-phrase';

describe('a tool phrase', () => {
  it('reads text, placeholders, quoted placeholders and optional parts', () => {
    expect(parseToolPhrase('read the logs of {service}[ ({window})] for {query:quoted}')).toEqual({
      ok: true,
      parts: [
        { kind: 'text', text: 'read the logs of ' },
        { kind: 'argument', name: 'service', quoted: false },
        {
          kind: 'optional',
          parts: [
            { kind: 'text', text: ' (' },
            { kind: 'argument', name: 'window', quoted: false },
            { kind: 'text', text: ')' },
          ],
        },
        { kind: 'text', text: ' for ' },
        { kind: 'argument', name: 'query', quoted: true },
      ],
    });
  });

  it('is plain text without placeholders', () => {
    expect(parseToolPhrase('say it has gathered enough')).toEqual({
      ok: true,
      parts: [{ kind: 'text', text: 'say it has gathered enough' }],
    });
  });

  it('names the arguments it uses, once each, in order', () => {
    const parsed = parseToolPhrase('compare {a} with {b}[ and {a}]');
    expect(parsed.ok && phraseArguments(parsed.parts)).toEqual(['a', 'b']);
  });

  it('says what is wrong with a malformed phrase', () => {
    const problem = (text: string) => {
      const parsed = parseToolPhrase(text);
      return parsed.ok ? null : parsed.problem;
    };
    expect(problem('{id} looked up')).toBe(
      'it must start with its verb, as in "look up order {case_id}"',
    );
    expect(problem('look up {id')).toBe('a "{" without its "}"');
    expect(problem('look up id}')).toBe('a "}" without its "{"');
    expect(problem('look up {}')).toBe(
      '"{}" is not an argument placeholder ({name} or {name:quoted})',
    );
    expect(problem('look up {case id}')).toMatch(/^"\{case id\}" is not an argument placeholder/);
    expect(problem('look up [{id}')).toBe('a "[" without its "]"');
    expect(problem('look up {id}]')).toBe('a "]" without its "["');
    expect(problem('look [up [{id}]]')).toBe('an optional part "[" inside another');
    expect(problem('look [up]')).toBe('an optional part "[…]" that names no argument');
  });
});
