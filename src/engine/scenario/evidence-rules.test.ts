import { describe, expect, it } from 'vitest';
import { parseEvidenceRulesText } from './parse';

describe('evidence rules a user writes', () => {
  it('reads an array of rules', () => {
    const rules = parseEvidenceRulesText(
      '[{"claim": "refund approved", "requires": {"field": "refundable", "equals": true}}]',
    );
    expect(rules).toEqual([
      { claim: 'refund approved', requires: { field: 'refundable', equals: true } },
    ]);
  });

  it('names the problem and where it is', () => {
    expect(() => parseEvidenceRulesText('{"claim": "x"}')).toThrow(/an array of evidence rules/);
    expect(() =>
      parseEvidenceRulesText('[{"claim": "(", "requires": {"field": "a", "equals": 1}}]'),
    ).toThrow(/\[0\]\.claim.*not a valid regular expression/);
    expect(() =>
      parseEvidenceRulesText('[{"claim": "(a+)+$", "requires": {"field": "a", "equals": 1}}]'),
    ).toThrow(/refused/);
    expect(() => parseEvidenceRulesText('[{"claim": "x"')).toThrow(/line 1/);
  });
});
