/**
 * The playhead, written to the DOM rather than rendered (STYLE rule 8): moving the cursor marks
 * the new cell and unmarks the old one, sets the scrubber and the step text, and asks the strip
 * to bring the step into view (the strip is virtualised: the cell may not be in the DOM until it
 * scrolls there, and the strip paints again once it is). No React here; the interfaces are the few DOM members it touches, so a test can
 * count what one move changes.
 */

/** A cell element: the strip renders one per step in view, with `id` and `data-index`. */
export interface PaintedCell {
  readonly id: string;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** The scrolling strip (the listbox). */
export interface PaintedStrip {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * Where to paint, looked up on every paint: the painter outlives re-renders (it must remember
 * which cell it marked), while React may swap the elements.
 */
export interface PainterTargets {
  strip(): PaintedStrip | null;
  /** The cell of a step, or null when it is not in the DOM (scrolled out, or not yet drawn). */
  cellAt(index: number): PaintedCell | null;
  /**
   * Scrolls the strip so the step's cell is in view (a no-op when it already is); false when
   * it cannot yet (no strip drawn, or the step is not in it), so the next paint tries again.
   */
  reveal(index: number): boolean;
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

export interface CursorPainter {
  /**
   * Moves the marks to `view`; touches only the old and the new cell. Call it again after the
   * strip draws other cells: a cell that came into the DOM gets the mark then.
   */
  paint(view: CursorView): void;
}

/** Marks the current cell with `data-current` and `aria-selected`, and keeps it in view. */
export function createCursorPainter(targets: PainterTargets): CursorPainter {
  let current: PaintedCell | null = null;
  let text: string | null = null;
  // The step last brought into view: the strip scrolls on a move, never on a repaint, so a
  // reader scrolling the strip by hand is not pulled back.
  let revealed: number | null = null;

  return {
    paint(view) {
      if (view.index !== revealed) {
        revealed = view.index === null || targets.reveal(view.index) ? view.index : null;
      }
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
