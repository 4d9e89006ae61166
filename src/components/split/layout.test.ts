import { describe, expect, it } from 'vitest';
import {
  defaultLayout,
  moveSeparator,
  percentOf,
  readLayout,
  setCollapsed,
  shownSizes,
  type PaneSpec,
} from './layout';

const COLUMNS: readonly PaneSpec[] = [
  { id: 'settings', collapsible: true, minSize: '200px', defaultSize: 20, maxSize: 40 },
  { id: 'graph', minSize: 25 },
  { id: 'record', minSize: '100px', defaultSize: 30 },
];
const round = (sizes: readonly number[]) => sizes.map((size) => Math.round(size * 10) / 10);

describe('split layout', () => {
  it('reads lengths in percent or pixels of the group', () => {
    expect(percentOf(25, 800)).toBe(25);
    expect(percentOf('200px', 800)).toBe(25);
    expect(percentOf('200px', 0)).toBe(0);
  });

  it('gives panes without a default what the others leave', () => {
    expect(round(defaultLayout(COLUMNS, 1000).sizes)).toEqual([20, 50, 30]);
  });

  it('moves a separator within both panes’ limits', () => {
    const start = defaultLayout(COLUMNS, 1000);
    expect(round(moveSeparator(COLUMNS, start, 1, -10, 1000).sizes)).toEqual([20, 40, 40]);
    // The graph keeps 25%: the record cannot take more.
    expect(round(moveSeparator(COLUMNS, start, 1, -40, 1000).sizes)).toEqual([20, 25, 55]);
    // The record keeps 100px (10%).
    expect(round(moveSeparator(COLUMNS, start, 1, 40, 1000).sizes)).toEqual([20, 70, 10]);
    // Settings stop at 40%.
    expect(round(moveSeparator(COLUMNS, start, 0, 30, 1000).sizes)).toEqual([40, 30, 30]);
  });

  it('collapses a collapsible pane dragged below half its minimum, and opens it at its share', () => {
    const start = defaultLayout(COLUMNS, 1000);
    const folded = moveSeparator(COLUMNS, start, 0, -15, 1000);
    expect(folded.collapsed).toEqual(['settings']);
    expect(round(shownSizes(COLUMNS, folded))).toEqual([0, 70, 30]);
    const opened = setCollapsed(COLUMNS, folded, 'settings', false, 1000);
    expect(round(shownSizes(COLUMNS, opened))).toEqual([20, 50, 30]);
    // Dragged open again: at least its minimum.
    const dragged = moveSeparator(COLUMNS, folded, 0, 12, 1000);
    expect(dragged.collapsed).toEqual([]);
    expect(round(shownSizes(COLUMNS, dragged))).toEqual([20, 50, 30]);
  });

  it('moves the other separator while a pane is collapsed, keeping its share', () => {
    const folded = setCollapsed(COLUMNS, defaultLayout(COLUMNS, 1000), 'settings', true, 1000);
    const moved = moveSeparator(COLUMNS, folded, 1, -10, 1000);
    expect(round(shownSizes(COLUMNS, moved))).toEqual([0, 60, 40]);
    expect(
      round(shownSizes(COLUMNS, setCollapsed(COLUMNS, moved, 'settings', false, 1000))),
    ).toEqual([20, 40, 40]);
  });

  it('reads back only a layout kept for these panes', () => {
    const kept = JSON.stringify({ sizes: [10, 60, 30], collapsed: ['settings', 'graph', 7] });
    expect(readLayout(kept, COLUMNS)).toEqual({ sizes: [10, 60, 30], collapsed: ['settings'] });
    expect(readLayout('{"sizes":[50,50]}', COLUMNS)).toBeNull();
    expect(readLayout('{"sizes":[50,"x",50]}', COLUMNS)).toBeNull();
    expect(readLayout('not json', COLUMNS)).toBeNull();
    expect(readLayout(null, COLUMNS)).toBeNull();
  });
});
