import { describe, expect, it } from 'vitest';
import { ScenarioError } from './errors';
import { describeJsonSyntaxError, findJsonErrorOffset, locationAt } from './json-location';
import { parseScenarioText } from './parse';

const VALID = `{
  "format": "loopscope.scenario", "version": 1, "id": "text-1", "title": "T", "task": "Do it.",
  "tools": [],
  "model": {"kind": "scripted", "turns": []}
}`;

function jsonProblem(text: string): ScenarioError {
  try {
    parseScenarioText(text);
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected parseScenarioText to throw');
}

describe('parseScenarioText', () => {
  it('loads valid JSON text, ignoring a leading byte-order mark', () => {
    expect(parseScenarioText(VALID).id).toBe('text-1');
    expect(parseScenarioText(`\uFEFF${VALID}`).id).toBe('text-1');
  });

  it('names line and column of a syntax error the engine reports by position', () => {
    const text = '{\n  "format": "loopscope.scenario",\n  "version": 1\n  "id": "x"\n}';
    const error = jsonProblem(text);
    expect(error).toMatchObject({
      code: 'invalid_json',
      path: '$',
      location: { line: 4, column: 3 },
    });
    expect(error.message).toMatch(/^\$: invalid JSON at line 4, column 3: /);
  });

  it('agrees with the engine when it scans for the position itself', () => {
    const text = '{\n  "format": "loopscope.scenario",\n  "version": 1\n  "id": "x"\n}';
    expect(locationAt(text, findJsonErrorOffset(text) ?? -1)).toEqual({ line: 4, column: 3 });
  });

  it('finds the line and column itself when the engine message has no position', () => {
    const error = jsonProblem('{\n  "a": tru\n}');
    expect(error.location).toEqual({ line: 2, column: 8 });
    expect(error.message).toMatch(/^\$: invalid JSON at line 2, column 8: /);
    expect(error.message).not.toMatch(/\n/);
  });

  it('places unexpected end of input at the end of the text', () => {
    expect(jsonProblem('').location).toEqual({ line: 1, column: 1 });
    expect(jsonProblem('{\n  "a": [1, 2').location).toEqual({ line: 2, column: 13 });
  });

  it('reports a trailing comma and trailing garbage', () => {
    expect(jsonProblem('{"a": 1,}').location).toEqual({ line: 1, column: 9 });
    expect(jsonProblem('{} x').location).toEqual({ line: 1, column: 4 });
  });

  it('validates the parsed value as a scenario after the syntax passes', () => {
    const error = jsonProblem(VALID.replace('"version": 1', '"version": 3'));
    expect(error).toMatchObject({
      code: 'invalid_scenario',
      path: '$.version',
      location: undefined,
    });
    expect(error.message).toBe(
      '$.version: unsupported scenario version 3; this build reads version 1 only',
    );
  });
});

describe('locating JSON syntax errors', () => {
  it('counts lines and columns from 1', () => {
    expect(locationAt('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(locationAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(locationAt('ab', 99)).toEqual({ line: 1, column: 3 });
  });

  it('finds no error offset in valid JSON and the first offset in invalid JSON', () => {
    for (const valid of [VALID, '[]', ' "x\\u00e4\\n" ', '-1.5e+3', '{"a":[true,false,null,{}]}']) {
      expect(findJsonErrorOffset(valid)).toBeUndefined();
    }
    expect(findJsonErrorOffset('{"a" 1}')).toBe(5);
    expect(findJsonErrorOffset('["\\x"]')).toBe(2);
    expect(findJsonErrorOffset('[01]')).toBe(2);
    expect(findJsonErrorOffset("{'a': 1}")).toBe(1);
  });

  it('takes line and column from messages of other engines as written', () => {
    const newerV8 = new SyntaxError('Unexpected token in JSON at position 9 (line 2 column 5)');
    expect(describeJsonSyntaxError('{}', newerV8)).toEqual({
      location: { line: 2, column: 5 },
      reason: 'Unexpected token',
    });
    const firefox = new SyntaxError(
      'JSON.parse: unexpected character at line 3 column 7 of the JSON data',
    );
    expect(describeJsonSyntaxError('{}', firefox)).toEqual({
      location: { line: 3, column: 7 },
      reason: 'unexpected character',
    });
  });
});
