import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, scanJson } from './json-scan';

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('the JSON pre-scan', () => {
  it('lets nesting up to 256 levels through and stops at the 257th container', () => {
    expect(scanJson(nested(MAX_JSON_DEPTH))).toBeNull();
    const problem = scanJson(nested(MAX_JSON_DEPTH + 1));
    expect(problem).toEqual({
      kind: 'too_deep',
      path: `$${'[0]'.repeat(MAX_JSON_DEPTH)}`,
      offset: MAX_JSON_DEPTH,
    });
  });

  it('names the key and index path of the container that goes too deep', () => {
    const text = `{"fixtures": [1, {"result": ${nested(300)}}]}`;
    const problem = scanJson(text);
    expect(problem?.kind).toBe('too_deep');
    expect(problem?.path.startsWith('$.fixtures[1].result[0][0]')).toBe(true);
  });

  it('does not count brackets, commas or quotes inside strings', () => {
    const text = `{"a": "${'['.repeat(1000)}", "b\\"[": ["x,y", "\\\\"], "c": [1, {"__proto__x": 0}]}`;
    expect(scanJson(text)).toBeNull();
  });

  it('finds __proto__, constructor and prototype keys at any depth, escaped or not', () => {
    expect(scanJson('{"tools": [{"name": "a"}, {"__proto__": {}}]}')).toMatchObject({
      kind: 'forbidden_key',
      key: '__proto__',
      path: '$.tools[1].__proto__',
    });
    expect(scanJson('{"a": {"b": [[{"constructor": 1}]]}}')).toMatchObject({
      path: '$.a.b[0][0].constructor',
    });
    expect(scanJson('{"odd key": {"\\u0070rototype": 1}}')).toMatchObject({
      key: 'prototype',
      path: '$["odd key"].prototype',
    });
    // A value that reads "__proto__" is data, not a key.
    expect(scanJson('{"name": "__proto__", "list": ["constructor"]}')).toBeNull();
  });

  it('is linear: a 100,000-level file is refused at once, without a stack overflow', () => {
    expect(scanJson(nested(100_000))?.kind).toBe('too_deep');
    expect(scanJson(`[${'{"a": 1}, '.repeat(100_000)}{}]`)).toBeNull();
  });
});
