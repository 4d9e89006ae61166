import { describe, expect, it } from 'vitest';
import { linearScale, niceStep, niceTicks, textWidth, ticksWithin, tickText } from './chart-scale';

describe('tick steps', () => {
  it('are 1, 2, 2.5 or 5 times a power of ten, no smaller than span / count', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(1562, 4)).toBe(500);
    expect(niceStep(7, 5)).toBe(2);
    expect(niceStep(0.9, 3)).toBe(0.5);
    expect(niceStep(18000, 6)).toBe(5000);
  });

  it('are whole numbers for counts', () => {
    expect(niceStep(3, 6, true)).toBe(1);
    expect(niceStep(10, 4, true)).toBe(5); // 2.5 is not a count
    expect(niceStep(0.4, 4, true)).toBe(1);
  });

  it('fall back to 1 for an empty or broken span', () => {
    expect(niceStep(0, 4)).toBe(1);
    expect(niceStep(Number.NaN, 4)).toBe(1);
  });
});

describe('ticks', () => {
  it('cover the data from a multiple of the step to a multiple of the step', () => {
    expect(niceTicks(0, 100, 4)).toEqual({
      min: 0,
      max: 100,
      step: 25,
      values: [0, 25, 50, 75, 100],
    });
    expect(niceTicks(0, 18, 4, true)).toEqual({
      min: 0,
      max: 20,
      step: 5,
      values: [0, 5, 10, 15, 20],
    });
    expect(niceTicks(0, 6.7, 8, true).values).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('give an empty span one step', () => {
    expect(niceTicks(0, 0, 4, true)).toMatchObject({ min: 0, max: 1, values: [0, 1] });
  });

  it('keep decimal steps free of binary noise', () => {
    expect(niceTicks(0, 0.3, 3).values).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('inside a padded domain: only round values within it', () => {
    expect(ticksWithin(830, 2545, 4)).toMatchObject({
      step: 500,
      values: [1000, 1500, 2000, 2500],
    });
    expect(ticksWithin(830, 2545, 6).values).toEqual([1000, 1500, 2000, 2500]);
  });
});

describe('tick text', () => {
  it('has the step’s decimals and thousands separators', () => {
    expect(tickText(1500, 500)).toBe('1,500');
    expect(tickText(75, 25, '%')).toBe('75%');
    expect(tickText(0.5, 0.25)).toBe('0.50');
    expect(tickText(5, 2.5)).toBe('5.0');
  });
});

describe('scales and text', () => {
  it('map a domain onto a range, reversed ranges too', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect([y(0), y(50), y(100)]).toEqual([200, 100, 0]);
    expect(linearScale([5, 5], [10, 20])(5)).toBe(10);
  });

  it('estimate text widths: monospace exactly, sans-serif by glyph class', () => {
    expect(textWidth('react+off', 'mono')).toBeCloseTo(9 * 6.6);
    expect(textWidth('100%', 'sans')).toBeGreaterThan(textWidth('100', 'sans'));
    expect(textWidth('1,000', 'sans')).toBeLessThan(textWidth('10000', 'sans'));
  });
});
