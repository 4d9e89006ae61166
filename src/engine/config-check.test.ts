import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfigOverrides } from './config-check';

describe('config overrides from JSON', () => {
  it('keeps valid fields and drops unknown ones', () => {
    expect(
      parseConfigOverrides({
        mode: 'reflact',
        reflection: { gating: 'fixed', interval: 2 },
        seed: 4,
        colour: 'blue',
      }),
    ).toEqual({ mode: 'reflact', reflection: { gating: 'fixed', interval: 2 }, seed: 4 });
    expect(parseConfigOverrides({})).toEqual({});
  });

  it('names the path and the problem of the first bad field', () => {
    const problem = (input: unknown) => {
      try {
        parseConfigOverrides(input);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return 'no error';
    };
    expect(problem({ mode: 'fast' })).toBe(
      '$.mode: expected "act", "react" or "reflact", got "fast"',
    );
    expect(problem({ reflection: { interval: 0 } })).toMatch(/^\$\.reflection\.interval: /);
    expect(problem({ maxSteps: 'ten', mode: 'nope' })).toMatch(/^\$\.maxSteps: expected a number/);
    expect(problem([])).toMatch(/^\$: expected an object/);
  });
});
