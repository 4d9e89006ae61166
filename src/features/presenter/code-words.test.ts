import { describe, expect, it } from 'vitest';
import { codeParts } from './code-words';

describe('caption text with its identifiers as code', () => {
  it('cuts out each snake_case name, and joins back to the text', () => {
    const text = 'Calls open_valve with valve_id “V-7”.';
    expect(codeParts(text)).toEqual([
      { text: 'Calls ', code: false },
      { text: 'open_valve', code: true },
      { text: ' with ', code: false },
      { text: 'valve_id', code: true },
      { text: ' “V-7”.', code: false },
    ]);
    expect(
      codeParts(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves words, hyphenated names and order numbers as words', () => {
    const text = 'Checks the DB pool wait (ms) metric of search-api for O-1001.';
    expect(codeParts(text)).toEqual([{ text, code: false }]);
  });
});
