/**
 * The fast path alone stands for the hardened opener: for any text, `fastOpenedTrace` is null or
 * exactly what `openFileText` gives it — never a reading of a text the opener refuses. The page
 * shows its own reading of a native file on this alone (no scan of the text beside it), so the
 * cases put what the scan refuses where the fast path takes values as they are: a forbidden key
 * (`__proto__` as JSON.parse makes it, `constructor`, `prototype`) at any depth, and nesting
 * around the 256-level limit, in a step's tool arguments and result, the file's config, its
 * scenario and a field of its own; and keys that are fine (`toString`, `hasOwnProperty`).
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import { runScenario, scenarioConfig } from '../run-scenario';
import { toNativeTraceJson } from '../trace/native';
import { FileError } from './errors';
import { expectNoPollution } from './fixtures/mutate.test-support';
import { FORBIDDEN_KEYS, MAX_JSON_DEPTH, plainJson } from './json-scan';
import { fastOpenedTrace, openFileText } from './open';

/** Cases per property; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);

afterEach(expectNoPollution);

type Json = Record<string, unknown>;

const happy = builtinScenario('shopops-happy');
const native = toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy) as Json;
const steps = native['steps'] as Json[];
const acting = steps.flatMap((step, index) =>
  (step['decision'] as Json | null)?.['action'] ? [index] : [],
);
const observing = steps.flatMap((step, index) => (step['observation'] ? [index] : []));

/** `value` inside `depth` objects. */
const wrapped = (value: unknown, depth: number): unknown =>
  depth === 0 ? value : { a: wrapped(value, depth - 1) };

/** Arrays nested `depth` deep (the innermost empty). */
const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

/** A free-form value: plain JSON, one with a key the scan refuses (or allows) somewhere, or deep. */
const freeForm = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc
    .tuple(
      fc.constantFrom(...FORBIDDEN_KEYS, 'toString', 'hasOwnProperty', 'proto'),
      fc.jsonValue({ maxDepth: 2 }),
      fc.nat(4),
    )
    // Through JSON.parse, as a file's key is made: `__proto__` an own key, not the prototype.
    .map(([key, inner, depth]) =>
      wrapped(JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(inner)}}`), depth),
    ),
  fc.integer({ min: MAX_JSON_DEPTH - 12, max: MAX_JSON_DEPTH + 2 }).map(nested),
);

/** Where a free-form value goes in the file (each keeps the rest of the file as it was). */
const place = fc.constantFrom('args', 'argument', 'result', 'config', 'scenario', 'top');

function placed(where: string, value: unknown, pick: number): Json {
  const file = structuredClone(native);
  const fileSteps = file['steps'] as Json[];
  const at = (indices: readonly number[]) => fileSteps[indices[pick % indices.length]!]!;
  if (where === 'args' || where === 'argument') {
    const action = (at(acting)['decision'] as Json)['action'] as Json;
    if (where === 'args') action['args'] = value;
    else action['args'] = { ...(action['args'] as Json), extra: value };
  } else if (where === 'result') (at(observing)['observation'] as Json)['result'] = value;
  else if (where === 'config') (file['config'] as Json)['extra'] = value;
  else if (where === 'scenario') (file['scenarioDefinition'] as Json)['extra'] = value;
  else file['extra'] = value;
  return file;
}

/** What the hardened opener gives a text, or null when it refuses it (with its FileError). */
function opened(text: string) {
  try {
    return openFileText(text, 'run.loopscope.json');
  } catch (error) {
    expect(error).toBeInstanceOf(FileError);
    return null;
  }
}

describe('the fast path without a scan of the text', () => {
  it('is null or exactly what the hardened opener gives, whatever the free-form parts hold', () => {
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(place, freeForm, fc.nat(), (where, value, pick) => {
        const text = JSON.stringify(placed(where, value, pick));
        const fast = fastOpenedTrace(text);
        const hardened = opened(text);
        if (fast !== null) {
          read++;
          expect(fast).toEqual(hardened);
        }
        if (hardened === null) {
          refused++;
          expect(fast).toBeNull();
        }
      }),
      { numRuns: RUNS },
    );
    // Both kinds of case came up: the property was not met by declining everything.
    expect(read).toBeGreaterThan(RUNS / 10);
    expect(refused).toBeGreaterThan(RUNS / 10);
  });

  it('declines a forbidden key or too deep nesting in each free-form part', () => {
    for (const where of ['args', 'argument', 'result', 'config', 'scenario', 'top']) {
      for (const hostile of [
        JSON.parse('{"__proto__": {"polluted": 1}}'),
        { constructor: { prototype: 1 } },
        wrapped({ prototype: 1 }, 3),
        nested(MAX_JSON_DEPTH),
      ]) {
        const text = JSON.stringify(placed(where, hostile, 0));
        expect(opened(text)).toBeNull();
        expect(fastOpenedTrace(text)).toBeNull();
      }
      // Allowed keys and nesting just inside the limit read as the opener reads them.
      const fine = JSON.stringify(placed(where, { toString: 'x', hasOwnProperty: [1] }, 0));
      expect(fastOpenedTrace(fine)).toEqual(opened(fine));
      expect(fastOpenedTrace(fine)).not.toBeNull();
    }
  });
});

describe('plainJson', () => {
  it('finds what the scan finds in a parsed value', () => {
    expect(plainJson({ a: [1, { b: 'constructor' }], toString: 1 })).toBe(true);
    expect(plainJson(JSON.parse('{"a": {"__proto__": 1}}'))).toBe(false);
    expect(plainJson({ a: [{ prototype: 1 }] })).toBe(false);
    expect(plainJson(nested(MAX_JSON_DEPTH))).toBe(true);
    expect(plainJson(nested(MAX_JSON_DEPTH + 1))).toBe(false);
    expect(plainJson(nested(MAX_JSON_DEPTH - 1), 2)).toBe(true);
    expect(plainJson(nested(MAX_JSON_DEPTH), 2)).toBe(false);
  });
});
