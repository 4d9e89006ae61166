/**
 * The frame each eval chart is drawn in: the figure with its caption, the plot that a pointer or
 * the arrow keys move through (one tab stop per chart, a tooltip on the mark, the same words for
 * screen readers in a polite live region), the legend and the hidden table of the numbers.
 */
import { useId, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { FOCUS_RING } from '../../components';
import type { LegendItem } from './chart-layout';
import { Legend } from './ChartParts';
import { HEADING } from './styles';

/** The tooltip of the active mark, in SVG px, and the same numbers in words. */
export interface PlotTooltip {
  /** Where it points, in SVG px. */
  readonly x: number;
  readonly y: number;
  /** How far from the anchor it starts, either side (px): clear of the mark. Default 12. */
  readonly clearance?: number;
  /** Its lines, for the height it will take (kept inside the plot). */
  readonly rows: number;
  readonly content: ReactNode;
  /** The same in words, for screen readers. */
  readonly text: string;
}

/** A chart's frame: caption, size, its marks for the pointer and the keys, legend, table. */
export interface ChartFrameProps {
  readonly title: string;
  readonly note: string;
  readonly className?: string;
  readonly width: number;
  readonly height: number;
  /** How many marks the arrow keys step through. */
  readonly count: number;
  /** The mark at (x, y) in SVG px, for the pointer; null: none. */
  readonly pick: (x: number, y: number) => number | null;
  /** The active mark's tooltip (draw its highlight in `children`). */
  readonly tooltip: (index: number) => PlotTooltip;
  readonly legend?: readonly LegendItem[];
  readonly legendAt?: 'top' | 'bottom';
  /** The numbers as a visually hidden table. */
  readonly table: ReactNode;
  /** The SVG's content, given the active mark. */
  readonly children: (active: number | null) => ReactNode;
}

/** A tooltip's line height and padding in px, to keep it inside the plot. */
const TOOLTIP_LINE = 18;
const TOOLTIP_PADDING = 30;

/** A figure around one chart's SVG: the plot is one tab stop; the pointer or the arrow keys pick a mark. */
export function ChartFrame({
  title,
  note,
  className = '',
  width,
  height,
  count,
  pick,
  tooltip,
  legend,
  legendAt = 'bottom',
  table,
  children,
}: ChartFrameProps) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const shown = active !== null && active < count ? tooltip(active) : null;

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setActive(pick(event.clientX - rect.left, event.clientY - rect.top));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = count - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(last, (active ?? -1) + 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(0, (active ?? count) - 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (event.key === 'Escape') setActive(null);
    if (next === undefined || count === 0) return;
    event.preventDefault();
    setActive(next);
  };

  const half = shown ? (shown.rows * TOOLTIP_LINE + TOOLTIP_PADDING) / 2 : 0;
  const top = shown ? Math.min(Math.max(shown.y, half), Math.max(half, height - half)) : 0;
  const leftward = shown ? shown.x > width * 0.6 : false;

  return (
    <figure
      aria-labelledby={id}
      className={`min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800 ${className}`}
    >
      <figcaption id={id}>
        <span className={HEADING}>{title}</span>
        <span className="ml-2 text-[11px] text-slate-500 dark:text-slate-400">{note}</span>
      </figcaption>
      <div className="mt-2 text-slate-500 dark:text-slate-400">
        {legend && legendAt === 'top' && <Legend items={legend} />}
        <div
          role="group"
          tabIndex={0}
          aria-label={`${title}: arrow keys step through the chart`}
          className={`relative rounded-sm ${FOCUS_RING}`}
          style={{ width, height }}
          onKeyDown={onKeyDown}
          onFocus={(event) => {
            if (active === null && event.currentTarget.matches(':focus-visible')) setActive(0);
          }}
          onBlur={() => setActive(null)}
        >
          <svg
            aria-hidden="true"
            width={width}
            height={height}
            className="block overflow-visible select-none"
            onPointerMove={onPointer}
            onPointerLeave={() => setActive(null)}
          >
            {children(shown ? active : null)}
          </svg>
          {shown && (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute z-10 min-w-36 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-[12px] whitespace-nowrap text-slate-800 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
              style={{
                left: leftward
                  ? shown.x - (shown.clearance ?? 12)
                  : shown.x + (shown.clearance ?? 12),
                top,
                transform: `translate(${leftward ? '-100%' : '0'}, -50%)`,
              }}
            >
              {shown.content}
            </div>
          )}
          <p aria-live="polite" className="sr-only">
            {shown?.text ?? ''}
          </p>
        </div>
        {legend && legendAt === 'bottom' && <Legend items={legend} />}
        {table}
      </div>
    </figure>
  );
}
