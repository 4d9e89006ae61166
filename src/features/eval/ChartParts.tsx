/** The SVG and HTML pieces the eval charts share: axes, legend, a tooltip's line. */
import type { AxisTick, Box, LegendItem } from './chart-layout';
import { FONT_SIZE } from './chart-scale';

/** A 1 px line on the pixel grid (crisp, not blurred across two pixels). */
export const crisp = (value: number) => Math.round(value - 0.5) + 0.5;

/** A chart's legend: a colour dot and a name per series, centred, wrapping when narrow. */
export function Legend({ items }: { readonly items: readonly LegendItem[] }) {
  return (
    <ul className="flex min-h-6 flex-wrap items-center justify-center gap-x-3 gap-y-0.5">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-2 w-2 shrink-0 rounded-full"
            style={{ backgroundColor: item.color }}
          />
          <span className="font-mono text-[11px] text-slate-700 dark:text-slate-300">
            {item.label}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Tick marks and text along the left edge of `plot`, with grid lines across it. */
export function YAxis({
  plot,
  ticks,
  grid,
}: {
  plot: Box;
  ticks: readonly AxisTick[];
  grid: boolean;
}) {
  const x = crisp(plot.x);
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick.text}>
          {grid && (
            <line
              x1={x}
              x2={plot.x + plot.width}
              y1={crisp(tick.position)}
              y2={crisp(tick.position)}
              stroke="currentColor"
              strokeOpacity={0.12}
            />
          )}
          <line
            x1={x - 5}
            x2={x}
            y1={crisp(tick.position)}
            y2={crisp(tick.position)}
            stroke="currentColor"
            strokeOpacity={0.3}
          />
          <text
            x={x - 8}
            y={tick.position}
            textAnchor="end"
            dominantBaseline="central"
            fill="currentColor"
            fontSize={FONT_SIZE}
            className="tabular-nums"
          >
            {tick.text}
          </text>
        </g>
      ))}
      <line
        x1={x}
        x2={x}
        y1={plot.y}
        y2={plot.y + plot.height}
        stroke="currentColor"
        strokeOpacity={0.3}
      />
    </g>
  );
}

/** Tick marks and text under `plot` (a numeric axis), with grid lines up through it. */
export function XAxis({
  plot,
  ticks,
  grid,
}: {
  plot: Box;
  ticks: readonly AxisTick[];
  grid: boolean;
}) {
  const y = crisp(plot.y + plot.height);
  return (
    <g>
      {ticks.map((tick) => (
        <g key={tick.text}>
          {grid && (
            <line
              x1={crisp(tick.position)}
              x2={crisp(tick.position)}
              y1={plot.y}
              y2={y}
              stroke="currentColor"
              strokeOpacity={0.12}
            />
          )}
          <line
            x1={crisp(tick.position)}
            x2={crisp(tick.position)}
            y1={y}
            y2={y + 5}
            stroke="currentColor"
            strokeOpacity={0.3}
          />
          <text
            x={tick.position}
            y={y + 8}
            textAnchor="middle"
            dominantBaseline="hanging"
            fill="currentColor"
            fontSize={FONT_SIZE}
            className="tabular-nums"
          >
            {tick.text}
          </text>
        </g>
      ))}
      <line
        x1={plot.x}
        x2={plot.x + plot.width}
        y1={y}
        y2={y}
        stroke="currentColor"
        strokeOpacity={0.3}
      />
    </g>
  );
}

/** One line of a tooltip: a colour dot, a name and a value. */
export function TooltipRow({
  color,
  name,
  value,
}: {
  color?: string;
  name: string;
  value: string;
}) {
  return (
    <div className="flex items-center gap-1.5 tabular-nums">
      {color && (
        <span className="h-2 w-2 shrink-0 rounded-full" style={{ backgroundColor: color }} />
      )}
      <span>{name}:</span>
      <span className="ml-auto pl-2 font-semibold">{value}</span>
    </div>
  );
}
