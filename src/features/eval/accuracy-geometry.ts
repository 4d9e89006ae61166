/**
 * Pure: the tokens-vs-accuracy scatter — plot, round ticks, points, labels placed clear of each other, a legend for labels that did not fit, laid out in SVG coordinates for a given width. The SVG component draws it as it
 * is; nothing is measured in the DOM.
 */
import type { AccuracyPoint } from './chart-data';
import {
  legendOf,
  overlapArea,
  placeLabels,
  LINE_HEIGHT,
  type AxisTick,
  type Box,
  type LegendItem,
} from './chart-layout';
import { linearScale, niceTicks, textWidth, ticksWithin, tickText } from './chart-scale';
import { configColor } from './labels';

/** The scatter's SVG height: the upper row of charts is this tall. */
export const ACCURACY_HEIGHT = 240;
/** A scatter point's radius (px). */
export const POINT_RADIUS = 5;

/** A scatter point where it is drawn, with its label's box. */
export interface PlacedPoint extends AccuracyPoint {
  readonly color: string;
  readonly x: number;
  readonly y: number;
  /** The label's box; its text is centred in it. */
  readonly labelBox: Box;
  /** False when no spot was free (a narrow chart, crowded points): the legend names it instead. */
  readonly labelled: boolean;
}

/** The tokens-vs-accuracy scatter, laid out. */
export interface AccuracyGeometry {
  readonly width: number;
  readonly height: number;
  readonly plot: Box;
  readonly xTicks: readonly AxisTick[];
  readonly yTicks: readonly AxisTick[];
  /** The x axis's title, centred under the plot. */
  readonly xTitle: { readonly x: number; readonly y: number; readonly text: string };
  readonly points: readonly PlacedPoint[];
  /** The points whose label did not fit, by colour (empty when every point is labelled). */
  readonly legend: readonly LegendItem[];
}

/** Pure: tokens per run (x, padded around the data) against percent correct (y, 0–100), labelled points. */
export function accuracyGeometry(
  data: readonly AccuracyPoint[],
  width: number,
  height = ACCURACY_HEIGHT,
): AccuracyGeometry {
  const y = niceTicks(0, 100, 4);
  const left = Math.max(...y.values.map((v) => textWidth(tickText(v, y.step, '%'), 'sans'))) + 12;
  const plot: Box = { x: left, y: 18, width: Math.max(1, width - left - 16), height: height - 58 };
  const tokens = data.map((point) => point.tokens);
  const low = Math.min(...tokens, Number.POSITIVE_INFINITY);
  const high = Math.max(...tokens, Number.NEGATIVE_INFINITY);
  // Pad the data so no point sits on the frame; one point (or none) gets a span of its own.
  const pad = high > low ? (high - low) * 0.1 : Math.max(50, Math.abs(low) * 0.1 || 50);
  const domain: [number, number] = Number.isFinite(low) ? [low - pad, high + pad] : [0, 1000];
  const x = ticksWithin(domain[0], domain[1], Math.max(2, Math.floor(plot.width / 70)));
  const toX = linearScale(domain, [plot.x, plot.x + plot.width]);
  const toY = linearScale([y.min, y.max], [plot.y + plot.height, plot.y]);
  const at = data.map((point) => ({ x: toX(point.tokens), y: toY(point.accuracy) }));
  const dots = at.map((p) => ({
    x: p.x - POINT_RADIUS,
    y: p.y - POINT_RADIUS,
    width: 2 * POINT_RADIUS,
    height: 2 * POINT_RADIUS,
  }));
  const bounds = { x: plot.x, y: 0, width: width - plot.x, height: plot.y + plot.height - 2 };
  const boxes = placeLabels(
    at.map((p, index) => ({
      ...p,
      width: textWidth(data[index]!.label, 'mono'),
      height: LINE_HEIGHT,
    })),
    dots,
    bounds,
    POINT_RADIUS + 4,
  );
  // A label that still collides is left out (in order: the first of two colliding ones stays).
  const shown: Box[] = [];
  const labelled = boxes.map((box) => {
    const clear =
      overlapArea(box, bounds) >= box.width * box.height - 0.5 &&
      [...shown, ...dots].every((other) => overlapArea(box, other) === 0);
    if (clear) shown.push(box);
    return clear;
  });
  return {
    width,
    height,
    plot,
    // A tick whose text would run into the y axis's labels or off the chart is left out.
    xTicks: x.values
      .map((v) => ({ position: toX(v), text: tickText(v, x.step) }))
      .filter((tick) => {
        const half = textWidth(tick.text, 'sans') / 2;
        return tick.position - half >= plot.x + 4 && tick.position + half <= width;
      }),
    yTicks: y.values.map((v) => ({ position: toY(v), text: tickText(v, y.step, '%') })),
    xTitle: { x: plot.x + plot.width / 2, y: height - 6, text: 'tokens per run' },
    points: data.map((point, index) => ({
      ...point,
      color: configColor(point.label),
      ...at[index]!,
      labelBox: boxes[index]!,
      labelled: labelled[index]!,
    })),
    legend: legendOf(data.filter((_, index) => !labelled[index]).map((point) => point.label)),
  };
}
