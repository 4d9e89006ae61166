/**
 * The matrix's three charts, plain SVG drawn from pure geometry (`*-geometry.ts`): tokens
 * against accuracy per config, reflections by trigger, calls per scenario. Axes and grid draw in
 * `currentColor` so they follow the theme; series keep the configs' colours. One width for all
 * three, from the results column's ResizeObserver; each chart is memoised on (matrix, width).
 */
import { memo, useSyncExternalStore } from 'react';
import type { EvalMatrix } from '../../projections/eval-matrix';
import { AccuracyChart } from './AccuracyChart';
import { CallsChart } from './CallsChart';
import { chartWidths } from './chart-layout';
import { CHART_COUNT } from './result-stages';
import type { WidthSource } from './chart-width';
import { TriggerChart } from './TriggerChart';

/** The three charts: two side by side (when there is room), the per-scenario bars below them. */
export const EvalCharts = memo(function EvalCharts({
  matrix,
  area,
  shown = CHART_COUNT,
}: {
  readonly matrix: EvalMatrix;
  /** The width the charts share (the results column's). */
  readonly area: WidthSource;
  /** The first this many charts are drawn (the rest follow: `result-stages.ts`); all by default. */
  readonly shown?: number;
}) {
  const width = useSyncExternalStore(area.subscribe, area.get);
  if (width === 0 || shown === 0) return null;
  const { columns, half, full } = chartWidths(width);
  return (
    <div className={`grid gap-3 ${columns === 2 ? 'grid-cols-2' : 'grid-cols-1'}`}>
      <AccuracyChart matrix={matrix} width={half} />
      {shown > 1 && <TriggerChart matrix={matrix} width={half} />}
      {shown > 2 && <CallsChart matrix={matrix} width={full} />}
    </div>
  );
});
