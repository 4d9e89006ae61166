import { describe, expect, it } from 'vitest';
import { codeParts, compoundParts } from './code-words';

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

describe('caption words a line must not split', () => {
  it('keeps each hyphenated name whole, and joins back to the text', () => {
    const text = 'Checks the shard latency metric of search-gateway; refunds take 5-7 days.';
    expect(compoundParts(text)).toEqual([
      { text: 'Checks the shard latency metric of ', whole: false },
      { text: 'search-gateway', whole: true },
      { text: '; refunds take ', whole: false },
      { text: '5-7', whole: true },
      { text: ' days.', whole: false },
    ]);
    expect(
      compoundParts(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves a text without hyphens, or with a lone dash, as one part', () => {
    for (const text of ['Finds 1 result.', 'It stops — and waits.', 'A trailing- hyphen']) {
      expect(compoundParts(text)).toEqual([{ text, whole: false }]);
    }
  });
});
