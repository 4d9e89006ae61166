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
