/**
 * The playhead, written to the DOM rather than rendered (STYLE rule 8): moving the cursor marks
 * the new cell and unmarks the old one, sets the scrubber and the step text, and scrolls the
 * cell into view. No React here; the interfaces are the few DOM members it touches, so a test can
 * count what one move changes.
 */

/** A cell element: the strip renders one per step with `id` and `data-index`. */
export interface PaintedCell {
  readonly id: string;
  readonly offsetLeft: number;
  readonly offsetWidth: number;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** The scrolling strip (the listbox). */
export interface PaintedStrip {
  scrollLeft: number;
  readonly clientWidth: number;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * Where to paint, looked up on every paint: the painter outlives re-renders (it must remember
 * which cell it marked), while React may swap the elements.
 */
export interface PainterTargets {
  strip(): PaintedStrip | null;
  /** The cell of a step, or null when it is not in the DOM (yet). */
  cellAt(index: number): PaintedCell | null;
  /** The range input ("Step"). */
  scrubber(): { value: string; setAttribute(name: string, value: string): void } | null;
  /** Where "Step 1 · 2 of 5 · reflection (stall)" is written. */
  position(): { textContent: string | null } | null;
}

/** What the cursor shows: the step (null before any) and its words. */
export interface CursorView {
  readonly index: number | null;
  readonly text: string;
}

/** Room kept between the cursor cell and the strip's edge when scrolling it into view (px). */
const SCROLL_MARGIN = 24;

export interface CursorPainter {
  /** Moves the marks to `view`; touches only the old and the new cell. */
  paint(view: CursorView): void;
}

/** Marks the current cell with `data-current` and `aria-selected`, and keeps it in view. */
export function createCursorPainter(targets: PainterTargets): CursorPainter {
  let current: PaintedCell | null = null;
  let text: string | null = null;

  const scrollIntoView = (cell: PaintedCell) => {
    const strip = targets.strip();
    if (!strip) return;
    const left = cell.offsetLeft - SCROLL_MARGIN;
    const right = cell.offsetLeft + cell.offsetWidth + SCROLL_MARGIN;
    if (left < strip.scrollLeft) strip.scrollLeft = Math.max(0, left);
    else if (right > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = right - strip.clientWidth;
    }
  };

  return {
    paint(view) {
      const strip = targets.strip();
      const cell = view.index === null ? null : targets.cellAt(view.index);
      if (cell !== current) {
        if (current) {
          current.removeAttribute('data-current');
          current.setAttribute('aria-selected', 'false');
        }
        if (cell) {
          cell.setAttribute('data-current', '');
          cell.setAttribute('aria-selected', 'true');
          strip?.setAttribute('aria-activedescendant', cell.id);
          scrollIntoView(cell);
        } else strip?.removeAttribute('aria-activedescendant');
        current = cell;
      }
      const scrubber = targets.scrubber();
      if (view.text !== text) {
        text = view.text;
        const position = targets.position();
        if (position) position.textContent = view.text;
        scrubber?.setAttribute('aria-valuetext', view.text);
      }
      const value = String(view.index ?? 0);
      if (scrubber && scrubber.value !== value) scrubber.value = value;
    },
  };
}
