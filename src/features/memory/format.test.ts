import { describe, expect, it } from 'vitest';
import { dateText, importSummary, rewardText } from './format';

describe('the Memory view’s words', () => {
  it('says a missing reward is unknown', () => {
    expect(rewardText(null)).toBe('unknown');
    expect(rewardText(0.9)).toBe('0.9');
  });

  it('names the reward source when the reflection recorded it', () => {
    expect(rewardText(0, 'verifier')).toBe('0 · verifier');
    expect(rewardText(null, 'none')).toBe('unknown · no check');
    expect(rewardText(0.234, 'judge')).toBe('0.23 · model judge');
  });

  it('dates a reflection in UTC, and shows a date it cannot read as it is', () => {
    expect(dateText('2026-12-02T06:00:00.000Z')).toBe('2026-12-02 06:00 UTC');
    expect(dateText('whenever')).toBe('whenever');
  });

  it('sums an import up, with the skipped lines', () => {
    expect(importSummary(1, 0)).toBe('Imported 1 reflection.');
    expect(importSummary(2, 1)).toBe('Imported 2 reflections. 1 line was skipped:');
    expect(importSummary(0, 3)).toBe('Imported 0 reflections. 3 lines were skipped:');
  });
});
