/**
 * The strip's geometry, pure: every cell has one width, chosen so a short run fills the pane
 * (up to 10rem a cell) and a long one scrolls (at least 2rem a cell). The virtualiser lays the
 * cells out from these numbers, so the DOM holds only the cells in view.
 */

/** The strip's side padding (px-3) and the gap between cells (gap-1), in px. */
export const STRIP_PADDING = 12;
export const CELL_GAP = 4;
/** A cell's narrowest and widest (min-w-8, w-40), in px. */
export const CELL_MIN = 32;
export const CELL_MAX = 160;
/** The "A2" rule before the first cell of an attempt, in px (w-6). */
export const BOUNDARY_WIDTH = 24;

/**
 * The width of one cell when `count` cells and `boundaries` attempt rules share `available` px
 * (the pane's width): what the flex strip gave each cell before it was virtualised.
 */
export function cellWidth(available: number, count: number, boundaries: number): number {
  if (count <= 0) return CELL_MAX;
  const room =
    available -
    2 * STRIP_PADDING -
    (count - 1) * CELL_GAP -
    boundaries * (BOUNDARY_WIDTH + CELL_GAP);
  return Math.min(CELL_MAX, Math.max(CELL_MIN, Math.floor(room / count)));
}

/** Where a step's cell sits among `indexes` (ascending trace indexes), or -1. */
export function cellPosition(
  indexes: readonly { readonly index: number }[],
  index: number,
): number {
  let low = 0;
  let high = indexes.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = indexes[middle]!.index;
    if (at === index) return middle;
    if (at < index) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
