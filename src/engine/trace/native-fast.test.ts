import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import { mutatedOf } from '../files/fixtures/mutate.test-support';
import { runScenario, scenarioConfig } from '../run-scenario';
import { TraceError } from './errors';
import {
  checkedNativeParts,
  fastNativeParts,
  fastNativeTrace,
  parseNativeTrace,
  toNativeTraceJson,
} from './native';
import { readTraceText } from './read';

/** A built-in scenario's run as its native file's parsed JSON. */
async function nativeValue(id: string, overrides = {}): Promise<Record<string, unknown>> {
  const subject = builtinScenario(id);
  const trace = await runScenario(subject, scenarioConfig(subject, overrides));
  return JSON.parse(JSON.stringify(toNativeTraceJson(trace, subject))) as Record<string, unknown>;
}

/** The schemas' reading of `value`, or the TraceError they throw. */
function checked(value: unknown) {
  try {
    return checkedNativeParts(value);
  } catch (error) {
    if (error instanceof TraceError) return error;
    throw error;
  }
}

describe('the native file read without zod on its steps', () => {
  it('reads good files exactly as the schemas do (defaults applied)', async () => {
    for (const [id, overrides] of [
      ['rca-search-stall', {}],
      ['shopops-hostile-loop', { attempts: 3, mode: 'reflact' }],
      ['returns-laptop', { protocol: 'tools' }],
    ] as const) {
      const value = await nativeValue(id, overrides);
      const before = structuredClone(value);
      const fast = fastNativeParts(value);
      expect(fast).not.toBeNull();
      expect(value).toEqual(before); // it gives the file's own objects, never changed
      expect(fast).toEqual(checkedNativeParts(value));
    }
  });

  it('fills what an older file leaves out as the schemas do', async () => {
    const value = await nativeValue('rca-search-stall');
    const steps = (value['steps'] as Record<string, unknown>[]).map((step) => {
      const { thought: _thought, answer: _answer, ...rest } = step;
      const call = rest['modelCall'] as Record<string, unknown> | null;
      if (!call) return rest;
      const { usageEstimated: _u, ttftMs: _t, reasoning: _r, toolCall: _c, ...callRest } = call;
      return { ...rest, modelCall: callRest };
    });
    const { path: _path, ...older }: Record<string, unknown> = { ...value, steps };
    const before = structuredClone(older);
    const fast = fastNativeParts(older);
    expect(fast).not.toBeNull();
    expect(older).toEqual(before); // the defaults go into copies, not into the file's objects
    expect(fast).toEqual(checkedNativeParts(older));
  });

  it('leaves to the schemas any file it does not plainly know, so messages stay the same', async () => {
    const seeds = {
      stall: await nativeValue('rca-search-stall'),
      hostile: await nativeValue('shopops-hostile-loop', { attempts: 2 }),
    };
    let taken = 0;
    fc.assert(
      fc.property(mutatedOf(seeds), ({ value }) => {
        const fast = fastNativeParts(value);
        if (fast === null) return;
        taken++;
        // Whatever the fast path takes, the schemas take too, and read it the same.
        expect(checked(value)).toEqual(fast);
      }),
      { numRuns: 400 },
    );
    // Mutations the schemas accept (a text changed, a reward moved) did go the fast way.
    expect(taken).toBeGreaterThan(0);
  });

  it('declines an observation without its result, which the schemas name', async () => {
    // Found by the property above (seed 733472480): the fast path took `{ ok, empty }` as a
    // result of undefined, where the schemas refuse the file.
    const value = await nativeValue('rca-search-stall');
    const steps = value['steps'] as Record<string, unknown>[];
    steps[2] = { ...steps[2], observation: { ok: true, empty: false } };
    expect(fastNativeParts(value)).toBeNull();
    const error = checked(value);
    expect(error).toBeInstanceOf(TraceError);
    expect((error as TraceError).path).toBe('$.steps[2].observation.result');
    // A null result is a result.
    steps[2] = { ...steps[2], observation: { ok: true, result: null, empty: true } };
    expect(fastNativeParts(value)).toEqual(checked(value));
  });

  it('leaves tool arguments with an own __proto__ key to the schemas, which drop it', async () => {
    // Found by the property above (seed -1332691955): the fast path kept the key, the schemas'
    // record drops it, so the same file read two ways.
    const value = await nativeValue('rca-search-stall');
    const steps = value['steps'] as Record<string, unknown>[];
    const text = JSON.stringify(steps[0]).replace(
      '"args":{',
      '"args":{"__proto__":{"polluted":true},',
    );
    steps[0] = JSON.parse(text) as Record<string, unknown>;
    expect(fastNativeParts(value)).toBeNull();
    const parts = checked(value) as ReturnType<typeof checkedNativeParts>;
    const action = parts.steps[0]?.decision.action;
    expect(Object.hasOwn(action?.args ?? {}, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('still names a bad step', async () => {
    const value = await nativeValue('rca-search-stall');
    const steps = value['steps'] as Record<string, unknown>[];
    steps[3] = { ...steps[3], phase: 'dancing' };
    const error = checked(value);
    expect(error).toBeInstanceOf(TraceError);
    expect(() => readTraceText(JSON.stringify(value))).toThrow(error as TraceError);
    expect((error as TraceError).path).toBe('$.steps[3].phase');
  });

  it('fastNativeTrace: the trace parseNativeTrace reads, or null where only the schemas can tell', async () => {
    const value = await nativeValue('returns-laptop');
    expect(fastNativeTrace(value)).toEqual(parseNativeTrace(value));
    const steps = value['steps'] as Record<string, unknown>[];
    const declined = { ...value, steps: [{ ...steps[0], unknownKey: 1 }, ...steps.slice(1)] };
    expect(fastNativeParts(declined)).toBeNull();
    expect(fastNativeTrace(declined)).toBeNull();
    const wrongScenario = { ...value, scenarioDefinition: { id: 'another' } };
    expect(() => parseNativeTrace(wrongScenario)).toThrow(TraceError);
    expect(fastNativeTrace(wrongScenario)).toBeNull();
  });
});
