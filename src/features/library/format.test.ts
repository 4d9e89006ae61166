import { describe, expect, it } from 'vitest';
import { formatBytes, formatWhen, runsWord, settingsWords } from './format';

const local = (...parts: [number, number, number, number, number]) => new Date(...parts).getTime();

describe('the library words', () => {
  it('sizes in powers of 1024, one decimal past bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(12.3 * 1024 * 1024)).toBe('12.3 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('dates: the time today, the day this year, the year before', () => {
    const now = local(2026, 11, 2, 15, 0);
    expect(formatWhen(local(2026, 11, 2, 9, 5), now)).toBe('09:05');
    expect(formatWhen(local(2026, 10, 30, 14, 5), now)).toBe('Nov 30, 14:05');
    expect(formatWhen(local(2025, 10, 30, 14, 5), now)).toBe('Nov 30, 2025');
  });

  it('counts runs and names settings as the inspector does', () => {
    expect(runsWord(1)).toBe('1 run');
    expect(runsWord(10_000)).toBe('10,000 runs');
    expect(settingsWords({ mode: 'act', gating: 'adaptive' })).toBe('act');
    expect(settingsWords({ mode: 'reflact', gating: 'fixed' })).toBe('reflact · fixed');
  });
});
