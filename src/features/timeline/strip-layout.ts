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

/** The strip's scroll padding: a cell this close to an edge is brought further in. */
export const SCROLL_PADDING = 2 * STRIP_PADDING;

/** What `revealOffset` reads of the strip's virtualiser (@tanstack/react-virtual's members). */
export interface StripScroll {
  /** Each cell's place along the strip as the last draw laid it out, from the cells' widths. */
  readonly measurementsCache: readonly { readonly start: number; readonly end: number }[];
  /** The strip's whole scrolled width. */
  getTotalSize(): number;
  /** The scroll offset, as the last scroll event left it. */
  readonly scrollOffset: number | null;
  /** The strip's size, as its resize observer last saw it. */
  readonly scrollRect: { readonly width: number } | null;
}

/**
 * Pure over the virtualiser's own numbers: where the strip must scroll so the cell at `at` is in
 * view (at the edge it left by, as the virtualiser's `scrollToIndex` 'auto' would put it), null
 * when it is in view already, 'unknown' before the strip has a size or the cell a place. It reads the scroll offset and width the virtualiser keeps
 * from its scroll and resize observers, and the cells' places from their one width, so a step
 * move reads no layout (`scrollToIndex` reads `scrollWidth` at once and in three frames after).
 */
export function revealOffset(virtualizer: StripScroll, at: number): number | null | 'unknown' {
  const item = virtualizer.measurementsCache[at];
  const size = virtualizer.scrollRect?.width ?? 0;
  if (!item || size <= 0) return 'unknown';
  const offset = virtualizer.scrollOffset ?? 0;
  const max = Math.max(virtualizer.getTotalSize() - size, 0);
  let target: number;
  if (item.end >= offset + size - SCROLL_PADDING) target = item.end + SCROLL_PADDING - size;
  else if (item.start <= offset + SCROLL_PADDING) target = item.start - SCROLL_PADDING;
  else return null;
  target = Math.round(Math.min(Math.max(target, 0), max));
  return target === Math.round(offset) ? null : target;
}
