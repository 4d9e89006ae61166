import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MACHINE, type PathEntry, type PhaseId, type Step } from '../engine';
import { lastEntryIndex } from './phase-graph-shared';

/** The plain reading of `lastEntryIndex`'s contract: walk the path from its start. */
function walked(path: readonly PathEntry[], steps: readonly Step[], cursor: number): number {
  const phase = steps[cursor]?.phase;
  const into = (entry: PathEntry) =>
    MACHINE.transitions.find((spec) => spec.id === entry.transition)?.to === phase;
  let fallback = -1;
  for (let i = 0; i < path.length; i++) {
    const entry = path[i] as PathEntry;
    if (entry.step === null || entry.step > cursor) break;
    fallback = i;
    if (entry.step === cursor && into(entry)) return i;
  }
  return fallback;
}

const transitionIds = MACHINE.transitions.map((spec) => spec.id);
const phaseIds = MACHINE.phases.map((phase) => phase.id);
const entry = fc.record({
  transition: fc.constantFrom(...transitionIds),
  step: fc.option(fc.nat({ max: 12 }), { freq: 8 }),
});

describe('lastEntryIndex', () => {
  it('marks the entry a plain walk of the path marks, sorted or not, with or without stops', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.boolean(),
        fc.array(fc.constantFrom(...phaseIds), { minLength: 13, maxLength: 13 }),
        fc.nat({ max: 14 }),
        (entries, sort, phases, cursor) => {
          // A recorded path climbs by step until its stops; a mutated one need not.
          const path = sort
            ? [...entries].sort((a, b) => (a.step ?? Infinity) - (b.step ?? Infinity))
            : entries;
          const steps = phases.map((phase, index) => ({ index, phase: phase as PhaseId }) as Step);
          expect(lastEntryIndex(path, steps, cursor, MACHINE)).toBe(walked(path, steps, cursor));
        },
      ),
    );
  });

  it('marks the newest entry when the cursor follows the run', () => {
    const path = [{ transition: transitionIds[0]!, step: 0 }];
    expect(lastEntryIndex(path, [], null, MACHINE)).toBe(0);
  });
});
