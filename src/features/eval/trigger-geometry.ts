/**
 * Pure: reflections by trigger — one stacked bar per config, whole-number ticks, the config names fitted under the bars (one line, split after “+”, or at an angle), the legend, laid out in SVG coordinates for a given width. The SVG component draws it as it
 * is; nothing is measured in the DOM.
 */
import { REFLECTION_TRIGGERS, type ReflectionTrigger } from '../../projections/eval-matrix';
import type { TriggerBar } from './chart-data';
import { LINE_HEIGHT, type AxisTick, type Box, type LegendItem } from './chart-layout';
import { linearScale, niceTicks, textWidth, tickText } from './chart-scale';
import { TRIGGER_COLOR, TRIGGER_LABEL } from './labels';

/** The trigger chart's SVG height: the upper row less its legend's 24 px row. */
export const TRIGGER_HEIGHT = 216;

/** One trigger's part of a stacked bar. */
export interface StackSegment {
  readonly trigger: ReflectionTrigger;
  readonly color: string;
  readonly value: number;
  readonly box: Box;
}

/** One config's stacked bar of reflections by trigger. */
export interface StackedBar {
  readonly label: string;
  readonly total: number;
  readonly counts: TriggerBar;
  /** Bottom to top, zero counts left out. */
  readonly segments: readonly StackSegment[];
  /** The whole column: where a pointer picks this bar. */
  readonly band: Box;
  /** The tooltip's anchor: the top of the stack, centred. */
  readonly anchor: { readonly x: number; readonly y: number };
  /** The category tick: its lines (one, or the label split after `+`), centred under the band. */
  readonly tick: { readonly x: number; readonly lines: readonly string[] };
}

/** The reflections-by-trigger chart, laid out. */
export interface TriggerGeometry {
  readonly width: number;
  readonly height: number;
  readonly plot: Box;
  readonly yTicks: readonly AxisTick[];
  readonly bars: readonly StackedBar[];
  /** `flat`: one line each; `wrapped`: split after `+`; `rotated`: one line at -35°. */
  readonly tickMode: 'flat' | 'wrapped' | 'rotated';
  readonly barWidth: number;
  readonly legend: readonly LegendItem[];
  /** No run reflected: the plot says so instead of drawing an empty axis. */
  readonly empty: boolean;
}

const ROTATION = (35 * Math.PI) / 180;
/** "reflact+adaptive" → ["reflact+", "adaptive"]. */
const splitLabel = (label: string) => {
  const plus = label.indexOf('+');
  return plus > 0 ? [label.slice(0, plus + 1), label.slice(plus + 1)] : [label];
};

/** Pure: reflections per config, stacked by trigger, with the config names fitted under the bars. */
export function triggerGeometry(
  data: readonly TriggerBar[],
  width: number,
  height = TRIGGER_HEIGHT,
): TriggerGeometry {
  const totals = data.map((bar) => REFLECTION_TRIGGERS.reduce((sum, t) => sum + bar[t], 0));
  const top = Math.max(0, ...totals);
  const y = niceTicks(0, top || 4, Math.max(2, Math.floor((height - 60) / 36)), true);
  const yTicksWidth = Math.max(...y.values.map((v) => textWidth(tickText(v, y.step), 'sans')));
  const widest = (lines: (label: string) => string[]) =>
    Math.max(0, ...data.flatMap((bar) => lines(bar.label).map((l) => textWidth(l, 'mono'))));
  const count = Math.max(1, data.length);
  let left = yTicksWidth + 12;
  let band = (width - left - 8) / count;
  const tickMode =
    widest((l) => [l]) <= band - 4
      ? 'flat'
      : widest(splitLabel) <= band - 4
        ? 'wrapped'
        : 'rotated';
  let bottom = tickMode === 'flat' ? LINE_HEIGHT + 12 : LINE_HEIGHT * 2 + 12;
  if (tickMode === 'rotated') {
    const first = textWidth(data[0]?.label ?? '', 'mono');
    left = Math.max(left, first * Math.cos(ROTATION) - band / 2 + 4);
    band = (width - left - 8) / count;
    bottom = widest((l) => [l]) * Math.sin(ROTATION) + LINE_HEIGHT + 8;
  }
  const plot: Box = { x: left, y: 10, width: band * count, height: height - 10 - bottom };
  const toY = linearScale([y.min, y.max], [plot.y + plot.height, plot.y]);
  const barWidth = Math.min(48, band * 0.62);
  const bars = data.map((counts, index): StackedBar => {
    const center = plot.x + band * (index + 0.5);
    let base = 0;
    const segments = REFLECTION_TRIGGERS.filter((trigger) => counts[trigger] > 0).map((trigger) => {
      const value = counts[trigger];
      const box = {
        x: center - barWidth / 2,
        y: toY(base + value),
        width: barWidth,
        height: toY(base) - toY(base + value),
      };
      base += value;
      return { trigger, color: TRIGGER_COLOR[trigger], value, box };
    });
    return {
      label: counts.label,
      total: totals[index] ?? 0,
      counts,
      segments,
      band: { x: plot.x + band * index, y: plot.y, width: band, height: plot.height },
      anchor: { x: center, y: toY(base) },
      tick: {
        x: center,
        lines: tickMode === 'wrapped' ? splitLabel(counts.label) : [counts.label],
      },
    };
  });
  return {
    width,
    height,
    plot,
    yTicks: y.values.map((v) => ({ position: toY(v), text: tickText(v, y.step) })),
    bars,
    tickMode,
    barWidth,
    legend: REFLECTION_TRIGGERS.map((t) => ({
      key: t,
      label: TRIGGER_LABEL[t],
      color: TRIGGER_COLOR[t],
    })),
    empty: top === 0,
  };
}
