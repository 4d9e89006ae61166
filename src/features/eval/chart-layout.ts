/**
 * Pure: what the eval charts share in SVG coordinates — the measured width split into columns,
 * label placement without overlaps, and which mark a pointer is over.
 */
import { configColor } from './labels';

/** A rectangle in SVG px. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A tick on a numeric axis: where it is along the axis (px) and what it says. */
export interface AxisTick {
  readonly position: number;
  readonly text: string;
}

/** One entry of a chart's legend. */
export interface LegendItem {
  readonly key: string;
  readonly label: string;
  readonly color: string;
}

/** A label line's height (px): 11 px text and its leading. */
export const LINE_HEIGHT = 13;
/** From an axis line to its tick text (px). */
export const TICK_GAP = 6;

/** Pure: legend entries for config labels, in their colours. */
export const legendOf = (labels: readonly string[]): LegendItem[] =>
  labels.map((label) => ({ key: label, label, color: configColor(label) }));

/** Two charts side by side from this width of the charts' area up (each then at least 354 px). */
export const TWO_COLUMNS_FROM = 720;
/** Between the grid's columns (Tailwind `gap-3`). */
export const COLUMN_GAP = 12;
/** A figure's padding and border, both sides (`p-3` and 1 px): its SVG is this much narrower. */
export const FIGURE_INSET = 26;

/** How the charts' area splits: one or two columns, and each chart's SVG width. */
export interface ChartWidths {
  readonly columns: 1 | 2;
  /** The SVG width of a chart in one column. */
  readonly half: number;
  /** The SVG width of a chart across the whole area. */
  readonly full: number;
}

/** Pure: the charts' SVG widths in an area `width` px wide (its content box). */
export function chartWidths(width: number): ChartWidths {
  const area = Math.max(0, Math.floor(width));
  const full = Math.max(0, area - FIGURE_INSET);
  if (area < TWO_COLUMNS_FROM) return { columns: 1, half: full, full };
  return { columns: 2, half: Math.floor((area - COLUMN_GAP) / 2) - FIGURE_INSET, full };
}

/** Pure: the area two boxes share (0 when apart). */
export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A label to place next to its point: the point and the label's size. */
export interface LabelRequest {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Spots for a label of `w` × `h` next to a point at (x, y), most preferred first. */
function spots(x: number, y: number, w: number, h: number, gap: number): Box[] {
  const above = y - gap - h;
  const below = y + gap;
  const middle = y - h / 2;
  const centred = x - w / 2;
  const right = x + gap;
  const left = x - gap - w;
  return [
    [centred, above],
    [centred, below],
    [right, middle],
    [left, middle],
    [x + 2, above],
    [x - 2 - w, above],
    [x + 2, below],
    [x - 2 - w, below],
    [right, middle - h],
    [right, middle + h],
    [left, middle - h],
    [left, middle + h],
    [centred, above - h],
    [centred, below + h],
    [x + 2, above - h],
    [x - 2 - w, above - h],
    [x + 2, below + h],
    [x - 2 - w, below + h],
  ].map(([spotX = 0, spotY = 0]) => ({ x: spotX, y: spotY, width: w, height: h }));
}

/** Passes over the labels after the first placement: each moves to its best spot given the others. */
const PASSES = 6;

/**
 * Pure: a box for each label, next to its point: the most preferred spot (above, below, right,
 * left, the corners, then a line further out) that overlaps no other label, no point
 * (`obstacles`) and stays in `bounds`. Placed in order, then improved a few passes over (each
 * label moves to its best spot given where the others are); when every spot collides, the one
 * that collides least.
 */
export function placeLabels(
  labels: readonly LabelRequest[],
  obstacles: readonly Box[],
  bounds: Box,
  gap: number,
): Box[] {
  const choices = labels.map(({ x, y, width, height }) => spots(x, y, width, height, gap));
  const placed: Box[] = [];
  // Any overlap outweighs any preference: a spot further down the list is only a tie-break.
  const cost = (box: Box, rank: number, index: number) => {
    let total = (box.width * box.height - overlapArea(box, bounds)) * 4000 + rank;
    placed.forEach((other, at) => {
      if (at !== index) total += overlapArea(box, other) * 1000;
    });
    for (const other of obstacles) total += overlapArea(box, other) * 1000;
    return total;
  };
  const best = (index: number) => {
    const options = choices[index]!;
    let pick = options[0]!;
    let pickCost = Number.POSITIVE_INFINITY;
    options.forEach((box, rank) => {
      const c = cost(box, rank, index);
      if (c < pickCost) [pick, pickCost] = [box, c];
    });
    return pick;
  };
  for (let index = 0; index < labels.length; index++) placed.push(best(index));
  for (let pass = 0; pass < PASSES; pass++) {
    let moved = false;
    for (let index = 0; index < labels.length; index++) {
      const next = best(index);
      if (next !== placed[index]) [placed[index], moved] = [next, true];
    }
    if (!moved) break;
  }
  return placed;
}

/** Pure: which of `count` equal bands from `start` (each `size` px) holds `position`; null: none. */
export function bandAt(
  position: number,
  start: number,
  size: number,
  count: number,
): number | null {
  if (size <= 0) return null;
  const index = Math.floor((position - start) / size);
  return index >= 0 && index < count ? index : null;
}

/** Pure: the index of the point nearest (x, y) within `radius` px; null: none that close. */
export function nearestPoint(
  points: readonly { readonly x: number; readonly y: number }[],
  x: number,
  y: number,
  radius: number,
): number | null {
  let best: number | null = null;
  let bestDistance = radius * radius;
  points.forEach((point, index) => {
    const distance = (point.x - x) ** 2 + (point.y - y) ** 2;
    if (distance <= bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}

/** Pure: an SVG path of `box` with its two upper corners rounded by `radius` (a bar's top). */
export function roundedTopPath({ x, y, width, height }: Box, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height));
  const right = x + width;
  const bottom = y + height;
  return `M${x},${bottom}V${y + r}Q${x},${y} ${x + r},${y}H${right - r}Q${right},${y} ${right},${y + r}V${bottom}Z`;
}
