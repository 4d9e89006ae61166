/** Pure: where `[` and `]` move the compare view's shared cursor (the rows with a reflection). */
import type { Step } from '../../engine';
import type { Alignment } from '../../projections';

const reflects = (step: Step) => step.kind === 'reflection' || step.kind === 'attempt_reflection';

/** Pure: the aligned rows where any lane reflects, ascending. */
export function reflectionRows(
  alignment: Alignment,
  lanes: readonly (readonly Step[])[],
): number[] {
  const rows = new Set<number>();
  lanes.forEach((steps, lane) => {
    for (const step of steps) {
      const row = alignment.rowOfStep[lane]?.[step.index];
      if (reflects(step) && row !== undefined) rows.add(row);
    }
  });
  return [...rows].sort((a, b) => a - b);
}

/**
 * Pure: the next (1) or previous (-1) reflection row from `row` (null: the lanes follow their
 * newest steps, so `]` starts from the top and `[` from the end), or null when there is none.
 */
export function reflectionRowFrom(
  rows: readonly number[],
  row: number | null,
  rowCount: number,
  direction: 1 | -1,
): number | null {
  const from = row ?? (direction === 1 ? -1 : rowCount);
  if (direction === 1) return rows.find((candidate) => candidate > from) ?? null;
  return [...rows].reverse().find((candidate) => candidate < from) ?? null;
}
