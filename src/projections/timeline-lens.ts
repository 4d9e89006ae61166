/**
 * Pure: the guards lens on the timeline: per step, what the loop would have done there, in words
 * (each "would have …"), and whether it would have stopped. Apart from the step's own kind and
 * guard trip, which stay as the trace recorded them.
 */
import type { Lens, LensMarkKind } from './lens';

/** What a timeline cell shows of the lens. */
export interface CellLens {
  /** The marks' lines, "would have …", joined by "; ". */
  readonly text: string;
  /** A guard would have stopped the loop here. */
  readonly stops: boolean;
  readonly kinds: readonly LensMarkKind[];
}

const cellsCache = new WeakMap<Lens, ReadonlyMap<number, CellLens>>();

/** Pure (memoised per lens): the lens of each marked step; empty without a lens. */
export function timelineLens(lens: Lens | null): ReadonlyMap<number, CellLens> {
  if (!lens) return EMPTY;
  const known = cellsCache.get(lens);
  if (known) return known;
  const cells = new Map<number, CellLens>();
  for (const [step, marks] of lens.byStep) {
    cells.set(step, {
      text: marks.map((mark) => mark.text).join('; '),
      stops: marks.some((mark) => mark.stops),
      kinds: marks.map((mark) => mark.kind),
    });
  }
  cellsCache.set(lens, cells);
  return cells;
}

const EMPTY: ReadonlyMap<number, CellLens> = new Map();
