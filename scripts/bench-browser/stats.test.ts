import { describe, expect, it } from 'vitest';
import { longestTaskBetween, median, p95 } from './stats';

describe('the step-select figure', () => {
  it('is the 95th percentile by nearest rank: of 50 selections, the third slowest', () => {
    const times = Array.from({ length: 50 }, (_, i) => i + 1).reverse();
    expect(p95(times)).toBe(48);
    expect(p95([5])).toBe(5);
    expect(p95([1, 2, 3, 4, 100])).toBe(100);
  });
});

describe('the median over page loads', () => {
  it('is the middle try (the upper middle of an even count) and leaves the tries in their order', () => {
    const tries = [30, 10, 20];
    expect(median(tries)).toBe(20);
    expect(tries).toEqual([30, 10, 20]);
    expect(median([4, 1, 3, 2])).toBe(3);
  });

  describe('the longest task in a window', () => {
    it('takes the longest task that overlaps the window from the file chosen to settled', () => {
      const tasks = [
        { start: 0, end: 400 }, // the JSON.parse timing before the file was chosen
        { start: 950, end: 1_020 }, // began before the change, ended in the window
        { start: 1_500, end: 1_560.04 },
        { start: 4_000, end: 4_250 }, // the library write, in the window
        { start: 9_000, end: 9_900 }, // after settling
      ];
      expect(longestTaskBetween(tasks, 1_000, 5_000)).toBe(250);
      expect(longestTaskBetween(tasks, 1_000, 3_000)).toBe(70);
      expect(longestTaskBetween(tasks, 5_000, 8_000)).toBe(0);
    });
  });
});
