import { describe, expect, it } from 'vitest';
import { longestTaskIn } from './step-while-matrix';

describe('longestTaskIn', () => {
  const tasks = [
    { start: 0, end: 300 },
    { start: 1_000, end: 1_080 },
    { start: 2_000, end: 2_120.04 },
  ];

  it('takes the longest task that overlaps the window, even one begun before it', () => {
    expect(longestTaskIn(tasks, 900, 2_500)).toBe(120);
    expect(longestTaskIn(tasks, 250, 1_500)).toBe(300);
  });

  it('is 0 when no long task overlaps the window', () => {
    expect(longestTaskIn(tasks, 400, 900)).toBe(0);
  });
});
