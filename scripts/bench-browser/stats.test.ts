import { describe, expect, it } from 'vitest';
import { median, p95 } from './stats';

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
});
