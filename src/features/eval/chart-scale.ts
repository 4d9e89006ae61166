/**
 * Pure: the numbers behind the eval charts' axes — round tick steps, linear scales, tick text —
 * and text widths estimated without the DOM (the charts measure nothing: no forced layout).
 */

/** The charts' text size in px (axis ticks, labels). */
export const FONT_SIZE = 11;

export interface Ticks {
  /** The axis starts here (a multiple of `step` at or below the data). */
  readonly min: number;
  /** The axis ends here (a multiple of `step` at or above the data). */
  readonly max: number;
  readonly step: number;
  /** From `min` to `max` by `step`. */
  readonly values: readonly number[];
}

/** Round steps: 1, 2, 2.5 or 5 times a power of ten. */
const STEPS = [1, 2, 2.5, 5, 10] as const;

/** Drops the binary noise of decimal arithmetic (0.1 * 3 = 0.30000000000000004). */
const clean = (value: number) => Number(value.toPrecision(12));

/**
 * Pure: a round step (1, 2, 2.5 or 5 × 10ⁿ) no smaller than `span / count`; a whole number
 * when `integer` (counts of calls or reflections).
 */
export function niceStep(span: number, count: number, integer = false): number {
  const raw = span / Math.max(1, count);
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of STEPS) {
    const step = clean(factor * power);
    if (step >= raw * (1 - 1e-9) && (!integer || Number.isInteger(step))) return step;
  }
  return clean(10 * power);
}

/** Pure: about `count` intervals of a round step covering `min..max` (an empty span gets one step). */
export function niceTicks(min: number, max: number, count: number, integer = false): Ticks {
  const step = niceStep(max - min, count, integer);
  const low = clean(Math.floor(min / step + 1e-9) * step);
  let high = clean(Math.ceil(max / step - 1e-9) * step);
  if (high <= low) high = clean(low + step);
  const values: number[] = [];
  for (let index = 0; clean(low + index * step) <= high; index++)
    values.push(clean(low + index * step));
  return { min: low, max: high, step, values };
}

/** Pure: round ticks inside `min..max` (the axis keeps the data's own ends, padded by the caller). */
export function ticksWithin(min: number, max: number, count: number): Ticks {
  const step = niceStep(max - min, count);
  const values: number[] = [];
  for (let index = Math.ceil(min / step - 1e-9); clean(index * step) <= max; index++)
    values.push(clean(index * step));
  return { min, max, step, values };
}

/** Pure: maps `domain` onto `range` linearly (a flat domain maps to the range's start). */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  const span = d1 - d0;
  return span === 0 ? () => r0 : (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/** Decimal places of a step: 0.25 → 2, 2.5 → 1, 500 → 0. */
const decimalsOf = (step: number) => {
  const text = String(step);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
};

/** Pure: a tick's text, with as many decimals as its step has and thousands separated (1,500). */
export function tickText(value: number, step: number, unit = ''): string {
  const digits = Math.min(3, decimalsOf(step));
  return `${value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })}${unit}`;
}

/** Narrow and wide glyphs of the sans-serif UI font, as a share of the font size. */
const NARROW = new Set(".,:;!|'il1 ()[]");
const WIDE = new Set('%mwMW@');

/**
 * Pure: the width of `text` at `size` px, estimated — exact for a monospace font (0.6 em a
 * glyph), within a few px for the UI's sans-serif digits and words (padded, never short).
 */
export function textWidth(text: string, font: 'mono' | 'sans', size = FONT_SIZE): number {
  if (font === 'mono') return text.length * 0.6 * size;
  let em = 0;
  for (const glyph of text) em += NARROW.has(glyph) ? 0.32 : WIDE.has(glyph) ? 0.9 : 0.6;
  return em * size;
}
