/**
 * The matrix's three charts (recharts, loaded on demand): tokens against accuracy per config,
 * calls per scenario per config, reflections by trigger. Axes and grid draw in `currentColor`
 * so they follow the theme; series keep the configs' colours.
 */
import { memo, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
  type TooltipContentProps,
} from 'recharts';
import { REFLECTION_TRIGGERS, type EvalMatrix } from '../../projections/eval-matrix';
import { accuracyPoints, callsByScenario, reflectionsByTrigger } from './chart-data';
import { configColor, TRIGGER_COLOR, TRIGGER_LABEL } from './labels';
import { HEADING } from './styles';

const TICK = { fill: 'currentColor', fontSize: 11 } as const;
const AXIS_LINE = { stroke: 'currentColor', strokeOpacity: 0.3 } as const;
const GRID = { stroke: 'currentColor', strokeOpacity: 0.12 } as const;
const CURSOR = { fill: 'currentColor', fillOpacity: 0.06 } as const;

function ChartTooltip({ active, payload, label }: TooltipContentProps) {
  if (!active || !payload?.length) return null;
  const first = payload[0]?.payload as { label?: string } | undefined;
  const title = label ?? first?.label;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-[12px] text-slate-800 shadow-md dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      {title !== undefined && <div className="mb-0.5 font-mono font-semibold">{String(title)}</div>}
      {payload.map((entry) => (
        <div
          key={`${entry.dataKey}-${entry.name}`}
          className="flex items-center gap-1.5 tabular-nums"
        >
          <span
            aria-hidden="true"
            className="h-2 w-2 rounded-full"
            style={{ backgroundColor: entry.color }}
          />
          <span>{entry.name}:</span>
          <span className="font-semibold">
            {entry.value}
            {entry.unit ?? ''}
          </span>
        </div>
      ))}
    </div>
  );
}

/** Legend entries in the order the series were given (recharts sorts by name otherwise). */
const inGivenOrder =
  (order: readonly string[]) =>
  (item: { value?: unknown }): number =>
    order.indexOf(String(item.value));

const legendText = (value: string): ReactNode => (
  <span className="font-mono text-[11px] text-slate-700 dark:text-slate-300">{value}</span>
);

function Figure({
  title,
  note,
  className = '',
  children,
}: {
  readonly title: string;
  readonly note: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <figure
      aria-labelledby={id}
      className={`min-w-0 rounded-lg border border-slate-200 p-3 dark:border-slate-800 ${className}`}
    >
      <figcaption id={id}>
        <span className={HEADING}>{title}</span>
        <span className="ml-2 text-[11px] text-slate-500 dark:text-slate-400">{note}</span>
      </figcaption>
      <div className="mt-2 text-slate-500 dark:text-slate-400">{children}</div>
    </figure>
  );
}

/** Tokens per run (x) against percent correct (y), one labelled point per config. */
function AccuracyChart({ matrix }: { readonly matrix: EvalMatrix }) {
  const points = useMemo(() => accuracyPoints(matrix), [matrix]);
  return (
    <Figure title="Tokens vs accuracy" note="per config: mean tokens per run, % correct">
      <ScatterChart
        responsive
        style={{ width: '100%', height: 240 }}
        margin={{ top: 20, right: 64, bottom: 20, left: 8 }}
      >
        <CartesianGrid {...GRID} />
        <XAxis
          type="number"
          dataKey="tokens"
          name="tokens per run"
          tick={TICK}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
          domain={['auto', 'auto']}
          label={{
            value: 'tokens per run',
            position: 'insideBottom',
            offset: -12,
            fill: 'currentColor',
            fontSize: 11,
          }}
        />
        <YAxis
          type="number"
          dataKey="accuracy"
          name="correct"
          unit="%"
          domain={[0, 100]}
          tick={TICK}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
          width={44}
        />
        <ZAxis range={[90, 90]} />
        <Tooltip content={ChartTooltip} cursor={{ strokeOpacity: 0.2 }} isAnimationActive={false} />
        {points.map((point) => (
          <Scatter
            key={point.label}
            name={point.label}
            data={[point]}
            fill={configColor(point.label)}
            isAnimationActive={false}
          >
            <LabelList
              dataKey="label"
              position="top"
              offset={8}
              style={{ fill: 'currentColor', fontSize: 11 }}
            />
          </Scatter>
        ))}
      </ScatterChart>
    </Figure>
  );
}

/** Reflections summed over every run, stacked by what triggered them, one bar per config. */
function TriggerChart({ matrix }: { readonly matrix: EvalMatrix }) {
  const data = useMemo(() => reflectionsByTrigger(matrix), [matrix]);
  return (
    <Figure title="Reflections by trigger" note="per config, all runs">
      <BarChart
        responsive
        data={data}
        style={{ width: '100%', height: 240 }}
        margin={{ top: 16, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid vertical={false} {...GRID} />
        <XAxis dataKey="label" tick={TICK} axisLine={AXIS_LINE} tickLine={false} interval={0} />
        <YAxis
          allowDecimals={false}
          tick={TICK}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
          width={36}
        />
        <Tooltip content={ChartTooltip} cursor={CURSOR} isAnimationActive={false} />
        <Legend
          formatter={legendText}
          iconSize={8}
          iconType="circle"
          itemSorter={inGivenOrder(REFLECTION_TRIGGERS.map((trigger) => TRIGGER_LABEL[trigger]))}
        />
        {REFLECTION_TRIGGERS.map((trigger) => (
          <Bar
            key={trigger}
            dataKey={trigger}
            name={TRIGGER_LABEL[trigger]}
            stackId="reflections"
            fill={TRIGGER_COLOR[trigger]}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Figure>
  );
}

/** Mean calls per run, a group of bars per scenario, one bar per config. */
function CallsChart({ matrix }: { readonly matrix: EvalMatrix }) {
  const data = useMemo(() => callsByScenario(matrix), [matrix]);
  const height = 56 + data.length * (matrix.configs.length * 6 + 10);
  return (
    <Figure
      title="Calls per scenario"
      note="mean LLM calls per run, per config"
      className="col-span-full"
    >
      <BarChart
        responsive
        layout="vertical"
        data={data}
        style={{ width: '100%', height }}
        margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
        barGap={1}
        barCategoryGap={5}
      >
        <CartesianGrid horizontal={false} {...GRID} />
        <XAxis
          type="number"
          allowDecimals={false}
          tick={TICK}
          axisLine={AXIS_LINE}
          tickLine={AXIS_LINE}
        />
        <YAxis
          type="category"
          dataKey="scenario"
          width={200}
          tick={TICK}
          axisLine={AXIS_LINE}
          tickLine={false}
          interval={0}
        />
        <Tooltip content={ChartTooltip} cursor={CURSOR} isAnimationActive={false} />
        <Legend
          formatter={legendText}
          iconSize={8}
          iconType="circle"
          itemSorter={inGivenOrder(matrix.configs)}
          verticalAlign="top"
          height={28}
        />
        {matrix.configs.map((label) => (
          <Bar
            key={label}
            dataKey={label}
            name={label}
            fill={configColor(label)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </Figure>
  );
}

const CHARTS = [
  { id: 'accuracy', Chart: AccuracyChart },
  { id: 'triggers', Chart: TriggerChart },
  { id: 'calls', Chart: CallsChart },
] as const;

/**
 * How many charts are mounted: one more per macrotask after the first. A recharts chart's first
 * render is tens of ms; mounted one per task, no single main-thread task holds all three.
 */
function useStagedCount(total: number): number {
  const [count, setCount] = useState(1);
  // A timer, cleared on unmount: the outside system this effect drives.
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => setCount((n) => n + 1), 0);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return count;
}

/** The three charts: two side by side, the per-scenario bars below them. */
const EvalCharts = memo(function EvalCharts({ matrix }: { readonly matrix: EvalMatrix }) {
  const mounted = useStagedCount(CHARTS.length);
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {CHARTS.map(({ id, Chart }, index) =>
        index < mounted ? (
          <Chart key={id} matrix={matrix} />
        ) : (
          <div
            key={id}
            aria-hidden="true"
            className="h-[290px] rounded-lg border border-dashed border-slate-200 dark:border-slate-800"
          />
        ),
      )}
    </div>
  );
});

export default EvalCharts;
