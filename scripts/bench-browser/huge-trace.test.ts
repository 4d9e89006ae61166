import { describe, expect, it } from 'vitest';
import { p95 } from './huge-trace';

describe('the step-select figure', () => {
  it('is the 95th percentile by nearest rank: of 50 selections, the third slowest', () => {
    const times = Array.from({ length: 50 }, (_, i) => i + 1).reverse();
    expect(p95(times)).toBe(48);
    expect(p95([5])).toBe(5);
    expect(p95([1, 2, 3, 4, 100])).toBe(100);
  });
});
