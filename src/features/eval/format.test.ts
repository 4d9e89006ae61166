import { describe, expect, it } from 'vitest';
import { summarise } from '../../projections/eval-matrix';
import {
  accuracy,
  compactCount,
  exportFilename,
  mean,
  meansLines,
  runCountLine,
  seconds,
} from './format';

describe('the eval view in words', () => {
  it('counts compactly', () => {
    expect(compactCount(840.4)).toBe('840');
    expect(compactCount(2304)).toBe('2.3k');
    expect(compactCount(12_600)).toBe('13k');
  });

  it('shows means with one decimal, none when whole', () => {
    expect(mean(4)).toBe('4');
    expect(mean(0.75)).toBe('0.8');
    expect(mean(3.96)).toBe('4');
  });

  it('shows model time in seconds', () => {
    expect(seconds(0)).toBe('0 s');
    expect(seconds(5_790)).toBe('5.8 s');
    expect(seconds(12_400)).toBe('12 s');
  });

  it('says "–" for the accuracy of ungraded runs, and "0 s" and zeros for none', () => {
    const empty = summarise([]);
    expect(accuracy(empty)).toBe('–');
    expect(meansLines(empty)).toEqual(['0 calls · 0 refl', '0 tok · 0 s']);
  });

  it('names the download after the local date', () => {
    expect(exportFilename(new Date(2025, 0, 31, 23, 59), 'csv')).toBe(
      'loopscope-eval-2025-01-31.csv',
    );
    expect(exportFilename(new Date(2025, 10, 2), 'json')).toBe('loopscope-eval-2025-11-02.json');
  });

  it('spells out the matrix shape', () => {
    expect(runCountLine(14, 4, 1)).toBe('14 scenarios × 4 configs × 1 seed');
    expect(runCountLine(1, 1, 100)).toBe('1 scenario × 1 config × 100 seeds');
  });
});
