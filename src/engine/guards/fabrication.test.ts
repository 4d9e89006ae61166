import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_TEXT_LIMIT } from '../scenario/claim-safety';
import { checkEvidence } from './fabrication';

const backed = [{ step: 0, result: { refundable: true }, empty: false }];
const rule = (claim: string) => ({ claim, requires: { field: 'refundable', equals: true } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the fabrication guard on hostile input', () => {
  it('does not run a catastrophic claim of a scenario built in code (it never matches)', () => {
    const answer = `${'a'.repeat(34)}!`;
    const check = checkEvidence(answer, [rule('^(a+)+$')], []);
    expect(check.unbacked).toEqual([]);
  });

  it('looks for a claim only in the first 4,096 characters of a long answer', () => {
    const test = vi.spyOn(RegExp.prototype, 'test');
    const answer = `The refund is approved. ${'-'.repeat(1_000_000)}`;
    const check = checkEvidence(answer, [rule('refund.*approved.*x$')], backed);
    expect(check.evidenceRefs).toEqual([0]);
    const lengths = test.mock.calls.map(([text]) => String(text).length);
    expect(lengths.length).toBeGreaterThan(0);
    expect(Math.max(...lengths)).toBe(CLAIM_TEXT_LIMIT);
  });

  it('still finds a claim inside that limit, and names the rule when nothing backs it', () => {
    const answer = `Your refund is on its way. ${'x'.repeat(10_000)}`;
    const check = checkEvidence(answer, [rule('\\brefund')], []);
    expect(check.unbacked.map((item) => item.claim)).toEqual(['\\brefund']);
  });
});
