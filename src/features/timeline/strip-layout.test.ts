import { describe, expect, it } from 'vitest';
import { CELL_MAX, CELL_MIN, cellPosition, cellWidth, revealOffset } from './strip-layout';

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

describe('revealOffset', () => {
  // Ten cells of 32 px with gaps of 4 after 12 px of padding, in a strip 200 px wide.
  const cells = Array.from({ length: 10 }, (_, at) => ({ start: 12 + at * 36, end: 44 + at * 36 }));
  const strip = (scrollOffset: number, width = 200) => ({
    measurementsCache: cells,
    getTotalSize: () => 12 + 10 * 36 - 4 + 12,
    scrollOffset,
    scrollRect: { width },
  });

  it('leaves the strip where it is while the cell is in view', () => {
    expect(revealOffset(strip(0), 1)).toBeNull();
    expect(revealOffset(strip(100), 4)).toBeNull();
  });

  it('scrolls a cell past the right edge in, to that edge', () => {
    // Cell 5 ends at 224, within 24 px of scroll padding of the edge: 224 + 24 - 200.
    expect(revealOffset(strip(0), 5)).toBe(48);
  });

  it('scrolls a cell past the left edge in, to that edge, and never before the start', () => {
    // Cell 2 starts at 84: 84 - 24.
    expect(revealOffset(strip(200), 2)).toBe(60);
    expect(revealOffset(strip(200), 0)).toBe(0);
  });

  it('stops at the end of the strip', () => {
    // 380 px in all, 200 in view.
    expect(revealOffset(strip(0), 9)).toBe(180);
  });

  it('cannot tell before the strip has a size', () => {
    expect(revealOffset({ ...strip(0), scrollRect: null }, 1)).toBe('unknown');
    expect(revealOffset(strip(0), 12)).toBe('unknown');
  });
});
