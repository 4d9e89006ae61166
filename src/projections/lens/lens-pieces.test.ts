import { describe, expect, it } from 'vitest';
import { builtLens, buildLens, lensInPieces, lensOf } from './index';
import { configWith, handTrace, type StepSpec } from './lens-fixtures';

/** Repeats, empties, a fabricated answer and two attempts: every kind of mark a walk carries. */
function busyTrace() {
  const specs: StepSpec[] = [];
  for (let round = 0; round < 40; round++) {
    specs.push({ tool: 'get_order', args: { id: round % 3 }, result: { id: round % 3 } });
    specs.push({ tool: 'search', args: { q: `q${round}` }, result: [] });
    if (round % 9 === 8) specs.push({ answer: 'The reship was agreed.' });
  }
  return handTrace(specs, [60]);
}

const settings = {
  config: configWith({ duplicates: 'escalate', stallExit: 2, reflection: { gating: 'adaptive' } }),
  evidenceRules: [{ claim: 'reship', requires: { field: 'agreed', equals: true } }],
};

describe('the lens built in pieces', () => {
  it('ends with the lens built at once, whatever the size of the pieces', () => {
    const whole = buildLens(busyTrace(), settings);
    expect(whole.marks.length).toBeGreaterThan(10);
    for (const size of [1, 7, 50, 10_000]) {
      const trace = busyTrace();
      const pieces = lensInPieces(trace, settings);
      let lens = null;
      let calls = 0;
      while (lens === null) {
        lens = pieces.advance(size);
        calls++;
      }
      expect(calls).toBe(Math.max(1, Math.ceil(trace.steps.length / size)));
      expect(lens).toEqual(whole);
    }
  });

  it('is built only once it is finished, and then lensOf gives the same object', () => {
    const trace = busyTrace();
    const pieces = lensInPieces(trace, settings);
    expect(pieces.advance(10)).toBeNull();
    expect(builtLens(trace, settings)).toBeUndefined();
    const lens = pieces.advance(trace.steps.length);
    expect(lens).not.toBeNull();
    expect(builtLens(trace, settings)).toBe(lens);
    expect(lensOf(trace, settings)).toBe(lens);
    // Other settings are another lens.
    expect(builtLens(trace, { ...settings, evidenceRules: [] })).toBeUndefined();
  });
});
