import { describe, expect, it } from 'vitest';
import { largestFit, MIN_FIT } from './use-fit-text';

describe('largestFit', () => {
  it('keeps the full size when the content fits', () => {
    expect(largestFit(() => true)).toBe(1);
  });

  it('shrinks in steps to the first scale that fits', () => {
    const tried: number[] = [];
    expect(
      largestFit((scale) => {
        tried.push(scale);
        return scale <= 0.8;
      }),
    ).toBe(0.8);
    expect(tried).toEqual([1, 0.95, 0.9, 0.85, 0.8]);
  });

  it('never goes below the floor, even when nothing fits', () => {
    expect(largestFit(() => false)).toBe(MIN_FIT);
  });
});
