import { describe, expect, it } from 'vitest';
import { CLAIM_LENGTH_LIMIT, claimProblem } from './claim-safety';

describe('a claim that could backtrack catastrophically', () => {
  it.each([
    ['^(a+)+$'],
    ['(a*)*b'],
    ['(a|aa)+$'],
    ['(x+x+)+y'],
    ['^(\\w+\\s?)*$'],
    ['((ab)*c)+'],
    ['(?:a+){2,}'],
    ['(?<word>\\w+)+!'],
    ['(a?){25}a{25}'],
  ])('is refused: %s', (claim) => {
    expect(claimProblem(claim)).toMatch(/repeated group that itself repeats or alternates/);
  });

  it('is refused when it uses a backreference', () => {
    expect(claimProblem('(a+)\\1')).toMatch(/backreference/);
    expect(claimProblem('(?<x>a)\\k<x>')).toMatch(/backreference/);
  });

  it('is refused when it is longer than a claim needs to be', () => {
    expect(claimProblem('a'.repeat(CLAIM_LENGTH_LIMIT + 1))).toMatch(/longer than the 1000/);
  });
});

describe('an ordinary claim', () => {
  it.each([
    ['\\brefund'],
    ['refund(ed)?'],
    ['(refund|return)s?\\b'],
    ['(?:agreed|accepted) (to )?a reship'],
    ['\\(a+\\)+'],
    ['[(+]+x'],
    ['a{2,3}b{1}'],
    ['(ab){2}'],
    ['\\d{1,3} days?'],
    ['x{'],
  ])('may run: %s', (claim) => {
    expect(claimProblem(claim)).toBeNull();
  });
});
