import { describe, expect, it } from 'vitest';
import { locationAt } from '../engine';
import { locatePath, pathSteps } from './json-path-position';

const TEXT = `{
  "id": "mine",
  "tools": [
    { "name": "get_order", "description": "Load" },
    {
      "name": 5,
      "odd key": [1, [2, "a]b"], {"x": "}"}]
    }
  ],
  "id": "last"
}`;

/** Line and column of a path in TEXT. */
const where = (path: string) => {
  const position = locatePath(TEXT, path);
  return position && { ...locationAt(TEXT, position.offset), exact: position.exact };
};

describe('reading a JSON path', () => {
  it('splits names, indexes and quoted keys', () => {
    expect(pathSteps('$.tools[1]["odd key"][0]')).toEqual(['tools', 1, 'odd key', 0]);
    expect(pathSteps('$')).toEqual([]);
  });

  it('is not a path without its $ or with a broken step', () => {
    expect(pathSteps('tools[0]')).toBeNull();
    expect(pathSteps('$.tools[x]')).toBeNull();
  });
});

describe('finding a path in the text', () => {
  it("finds a member's key at its line and column", () => {
    expect(where('$.tools[1].name')).toEqual({ line: 6, column: 7, exact: true });
  });

  it('finds an array element at its value', () => {
    expect(where('$.tools[0]')).toEqual({ line: 4, column: 5, exact: true });
    expect(where('$.tools[1]["odd key"][2]')).toEqual({ line: 7, column: 34, exact: true });
  });

  it('skips strings that hold brackets and nested values before the one it wants', () => {
    expect(where('$.tools[1]["odd key"][2].x')).toEqual({ line: 7, column: 35, exact: true });
  });

  it('takes the last of two equal keys, as JSON.parse does', () => {
    expect(where('$.id')).toEqual({ line: 10, column: 3, exact: true });
  });

  it("gives a missing key's nearest parent, not exact", () => {
    expect(where('$.tools[0].parameters')).toEqual({ line: 4, column: 5, exact: false });
    expect(where('$.tools[7]')).toEqual({ line: 3, column: 3, exact: false });
  });

  it('finds the root at its first character', () => {
    expect(locatePath('  \n [1]', '$')).toEqual({ offset: 4, exact: true });
  });
});
