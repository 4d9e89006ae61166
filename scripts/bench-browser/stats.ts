/**
 * The bench's statistics over repeated tries. Pure, with no imports, so the page-side bundles
 * (library-entry) use the same functions as the Node side.
 */

/** The median (the upper middle of an even count); `values` is not changed. */
export const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The 95th percentile by nearest rank; `values` is not changed. */
export const p95 = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.95) - 1)]!;

/** A figure rounded to one decimal, as the report prints it. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** Pure: the longest task (ms, one decimal) that ends after `from` and starts before `to`; 0: none. */
export function longestTaskBetween(
  tasks: readonly { readonly start: number; readonly end: number }[],
  from: number,
  to: number,
): number {
  const longest = tasks
    .filter((task) => task.end > from && task.start < to)
    .reduce((max, task) => Math.max(max, task.end - task.start), 0);
  return Math.round(longest * 10) / 10;
}
