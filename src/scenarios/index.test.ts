import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine';
import { BUILTIN_FILES, builtinScenarios } from './index';

describe('the built-in scenarios, used without validating at start', () => {
  it.each(BUILTIN_FILES.map((file) => [(file as { id: string }).id, file]))(
    '%s is valid and already what the schema makes of it',
    (_id, file) => {
      // A failure here: write out the default the schema fills in (e.g. "evidenceRules": []),
      // drop the key it strips, and keep its key order, so the file is exactly the Scenario the
      // app uses: a run's export is then the same whether its scenario came built-in or from a file.
      expect(JSON.stringify(parseScenario(file), null, 2)).toBe(JSON.stringify(file, null, 2));
    },
  );

  it('are the files themselves, in order, with distinct ids', () => {
    expect(builtinScenarios()).toEqual(BUILTIN_FILES);
    const ids = builtinScenarios().map((scenario) => scenario.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
