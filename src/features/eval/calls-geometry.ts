/**
 * Pure: mean calls per scenario — a row per scenario, a bar per config, round whole-number ticks, scenario ids fitted into the margin, laid out in SVG coordinates for a given width. The SVG component draws it as it
 * is; nothing is measured in the DOM.
 */
import type { ScenarioCalls } from './chart-data';
import {
  legendOf,
  LINE_HEIGHT,
  TICK_GAP,
  type AxisTick,
  type Box,
  type LegendItem,
} from './chart-layout';
import { linearScale, niceTicks, textWidth, tickText } from './chart-scale';
import { configColor } from './labels';

/** One config's bar in a scenario's row. */
export interface CallsBar {
  readonly label: string;
  readonly color: string;
  readonly value: number;
  readonly box: Box;
}

/** One scenario's row of bars. */
export interface CallsGroup {
  readonly scenario: string;
  /** The scenario id as the axis shows it (cut with "…" when the margin is too narrow). */
  readonly tickText: string;
  /** The group's row: where a pointer picks this scenario. */
  readonly band: Box;
  readonly bars: readonly CallsBar[];
  /** Mean calls per config, in column order (null: no run), for the tooltip. */
  readonly calls: readonly (number | null)[];
  /** The tooltip's anchor: the end of the group's longest bar, at the row's middle. */
  readonly anchor: { readonly x: number; readonly y: number };
}

/** The calls-per-scenario chart, laid out. */
export interface CallsGeometry {
  readonly width: number;
  readonly height: number;
  readonly plot: Box;
  readonly xTicks: readonly AxisTick[];
  readonly groups: readonly CallsGroup[];
  readonly legend: readonly LegendItem[];
}

/** A bar's thickness by how many configs share a row: fewer bars, thicker ones. */
const barThickness = (configs: number) => (configs <= 2 ? 10 : configs <= 4 ? 7 : 5);
/** Above and below each row's bars. */
const ROW_PADDING = 6;

/** Pure: mean calls per run, one row per scenario, one horizontal bar per config; its height follows the rows. */
export function callsGeometry(
  data: readonly ScenarioCalls[],
  configs: readonly string[],
  width: number,
): CallsGeometry {
  const thickness = barThickness(configs.length);
  const rowHeight = configs.length * (thickness + 1) - 1 + ROW_PADDING * 2;
  const longest = Math.max(0, ...data.map((row) => textWidth(row.scenario, 'mono')));
  const left = Math.min(longest + TICK_GAP + 8, Math.max(80, width * 0.38));
  const plot: Box = {
    x: left,
    y: 4,
    width: Math.max(1, width - left - 16),
    height: Math.max(1, data.length) * rowHeight,
  };
  const top = Math.max(0, ...data.flatMap((row) => row.calls.map((c) => c ?? 0)));
  const x = niceTicks(0, top || 1, Math.max(2, Math.floor(plot.width / 80)), true);
  const toX = linearScale([x.min, x.max], [plot.x, plot.x + plot.width]);
  const room = left - TICK_GAP - 4;
  const fit = (id: string) => {
    if (textWidth(id, 'mono') <= room) return id;
    const chars = Math.max(1, Math.floor(room / textWidth('m', 'mono')) - 1);
    return `${id.slice(0, chars)}…`;
  };
  const groups = data.map((row, index): CallsGroup => {
    const y = plot.y + index * rowHeight;
    const bars = row.calls.flatMap((value, column) => {
      const label = configs[column];
      if (value === null || label === undefined) return [];
      const box = {
        x: plot.x,
        y: y + ROW_PADDING + column * (thickness + 1),
        width: toX(value) - plot.x,
        height: thickness,
      };
      return [{ label, color: configColor(label), value, box }];
    });
    return {
      scenario: row.scenario,
      tickText: fit(row.scenario),
      band: { x: plot.x, y, width: plot.width, height: rowHeight },
      bars,
      calls: row.calls,
      anchor: {
        x: Math.max(plot.x, ...bars.map((bar) => bar.box.x + bar.box.width)),
        y: y + rowHeight / 2,
      },
    };
  });
  return {
    width,
    height: plot.y + plot.height + LINE_HEIGHT + 14,
    plot,
    xTicks: x.values.map((v) => ({ position: toX(v), text: tickText(v, x.step) })),
    groups,
    legend: legendOf(configs),
  };
}
