import { describe, expect, it } from 'vitest';
import { CELL_MAX, CELL_MIN, cellPosition, cellWidth } from './strip-layout';

describe('cellWidth', () => {
  it('gives a short run wide cells, at most 10rem', () => {
    expect(cellWidth(1200, 3, 0)).toBe(CELL_MAX);
  });

  it('shares the pane between the cells of a mid-sized run', () => {
    // 1000 px less 24 of padding and 19 gaps of 4: 900 px for 20 cells.
    expect(cellWidth(1000, 20, 0)).toBe(45);
    // Two attempt rules take 28 px each.
    expect(cellWidth(1000, 20, 2)).toBe(42);
  });

  it('keeps a long run at the narrowest width, so it scrolls', () => {
    expect(cellWidth(1000, 100_000, 0)).toBe(CELL_MIN);
    expect(cellWidth(0, 5, 0)).toBe(CELL_MIN);
  });
});

describe('cellPosition', () => {
  const cells = [4, 5, 6, 9].map((index) => ({ index }));
  it('finds a step among the cells shown, or says it is not there', () => {
    expect(cellPosition(cells, 4)).toBe(0);
    expect(cellPosition(cells, 9)).toBe(3);
    expect(cellPosition(cells, 7)).toBe(-1);
    expect(cellPosition([], 0)).toBe(-1);
  });
});
