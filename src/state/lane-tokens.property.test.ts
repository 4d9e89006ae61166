import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ConfigOverrides } from '../engine';
import { laneToken, parseLaneToken, readSettingsToken, settingsToken } from './lane-tokens';

const count = fc.integer({ min: 0, max: 1000 });
const positive = fc.integer({ min: 1, max: 1000 });

/** Any overrides a user can set in the inspector's Settings (and the protocol an endpoint pins). */
const overrides: fc.Arbitrary<ConfigOverrides> = fc.record(
  {
    mode: fc.constantFrom('act', 'react', 'reflact'),
    reflection: fc.record(
      {
        gating: fc.constantFrom('off', 'fixed', 'adaptive'),
        interval: positive,
        maxReflections: count,
        stallThreshold: positive,
      },
      { requiredKeys: [] },
    ),
    stallExit: positive,
    maxSteps: positive,
    duplicates: fc.constantFrom('escalate', 'block', 'off'),
    fabricationGuard: fc.boolean(),
    unparseable: fc.constantFrom('escalate', 'reprompt'),
    highConfidence: fc.boolean(),
    attempts: positive,
    // `+ 0` turns a negative zero into zero: JSON has no negative zero.
    rewardThreshold: fc.double({ min: 0, max: 1, noNaN: true }).map((value) => value + 0),
    history: fc.constantFrom('cross_trajectory', 'cross_task'),
    protocol: fc.constantFrom('text', 'tools'),
    seed: count,
  },
  { requiredKeys: [] },
);

/** Every setting the overrides name, as `path=value` (an empty reflection names none). */
function fields(value: ConfigOverrides): string[] {
  const { reflection, ...rest } = value;
  return [
    ...Object.entries(rest).map(([key, field]) => `${key}=${JSON.stringify(field)}`),
    ...Object.entries(reflection ?? {}).map(
      ([key, field]) => `reflection.${key}=${JSON.stringify(field)}`,
    ),
  ].sort();
}

describe('lane tokens, for any settings', () => {
  it('keep every setting: overrides → token → overrides', () => {
    fc.assert(
      fc.property(overrides, (given) => {
        const read = parseLaneToken(laneToken(given));
        expect(read).not.toBeNull();
        expect(fields(read!.overrides)).toEqual(fields(given));
      }),
    );
  });

  it('are stable: token → overrides → token', () => {
    fc.assert(
      fc.property(overrides, (given) => {
        const token = laneToken(given);
        const again = laneToken(parseLaneToken(token)!.overrides);
        expect(again).toBe(token);
      }),
    );
  });

  it('keep every inspector setting through a link, and name none for the defaults', () => {
    fc.assert(
      fc.property(overrides, (given) => {
        const token = settingsToken(given);
        expect(token === null).toBe(fields(given).length === 0);
        const read = readSettingsToken(token);
        expect(read.problem).toBeNull();
        expect(fields(read.overrides!)).toEqual(fields(given));
      }),
    );
  });
});
