import { describe, expect, it } from 'vitest';
import { GUARDS, type Guard } from '../../engine';
import { GUARD_NAME, guardMomentWords } from './guards';

const guards = Object.keys(GUARDS) as Guard[];

describe('guards in words', () => {
  it('calls each guard what the machine calls it', () => {
    expect(GUARD_NAME).toEqual({
      duplicate_tool_call: 'duplicate guard',
      fabrication: 'evidence guard',
      unparseable: 'format check',
      max_steps: 'step budget',
      stall_exit: 'stall guard',
    });
    for (const guard of guards) expect(GUARD_NAME[guard]).toBe(GUARDS[guard].name);
  });

  it('says what a guard does to the lanes it trips, from the machine’s words', () => {
    expect(guards.map((guard) => guardMomentWords(guard)('A and B'))).toEqual([
      'the duplicate guard stops A and B',
      'the evidence guard rejects an answer from A and B',
      'the format check stops A and B',
      'the step budget runs out for A and B',
      'the stall guard stops A and B',
    ]);
    expect(guardMomentWords(null)('A')).toBe('an unchecked answer from A goes out');
  });

  it('gives one guard the same words each time, so lanes it stops group together', () => {
    for (const guard of guards) expect(guardMomentWords(guard)).toBe(guardMomentWords(guard));
    expect(guardMomentWords(null)).toBe(guardMomentWords(null));
  });
});
