import { memo, useMemo } from 'react';
import { REFLECTION_TRIGGERS, type EvalMatrix } from '../../projections/eval-matrix';
import { reflectionsByTrigger } from './chart-data';
import { bandAt, roundedTopPath, TICK_GAP } from './chart-layout';
import { FONT_SIZE } from './chart-scale';
import { ChartFrame } from './ChartFrame';
import { crisp, TooltipRow, YAxis } from './ChartParts';
import { TRIGGER_COLOR, TRIGGER_LABEL } from './labels';
import { triggerGeometry } from './trigger-geometry';

/** Reflections summed over every run, stacked by what triggered them, one bar per config. */
export const TriggerChart = memo(function TriggerChart({
  matrix,
  width,
}: {
  readonly matrix: EvalMatrix;
  readonly width: number;
}) {
  const geometry = useMemo(
    () => triggerGeometry(reflectionsByTrigger(matrix), width),
    [matrix, width],
  );
  const { plot, bars } = geometry;
  const axisY = crisp(plot.y + plot.height);
  return (
    <ChartFrame
      title="Reflections by trigger"
      note="per config, all runs"
      width={width}
      height={geometry.height}
      count={bars.length}
      pick={(x) => bandAt(x, plot.x, plot.width / bars.length, bars.length)}
      tooltip={(index) => {
        const bar = bars[index]!;
        const parts = REFLECTION_TRIGGERS.map((t) => `${bar.counts[t]} ${TRIGGER_LABEL[t]}`);
        return {
          x: bar.anchor.x,
          clearance: geometry.barWidth / 2 + 8,
          y: geometry.empty ? plot.y + plot.height / 2 : Math.max(bar.anchor.y, plot.y + 30),
          rows: 1 + REFLECTION_TRIGGERS.length,
          text: `${bar.label}: ${bar.total} reflections (${parts.join(', ')})`,
          content: (
            <>
              <div className="mb-0.5 font-mono font-semibold">{bar.label}</div>
              {REFLECTION_TRIGGERS.map((t) => (
                <TooltipRow
                  key={t}
                  color={TRIGGER_COLOR[t]}
                  name={TRIGGER_LABEL[t]}
                  value={String(bar.counts[t])}
                />
              ))}
            </>
          ),
        };
      }}
      legend={geometry.legend}
      table={
        <table className="sr-only">
          <caption>Reflections by trigger per config, all runs</caption>
          <thead>
            <tr>
              <th scope="col">Config</th>
              {REFLECTION_TRIGGERS.map((t) => (
                <th key={t} scope="col">
                  {TRIGGER_LABEL[t]}
                </th>
              ))}
              <th scope="col">All</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                {REFLECTION_TRIGGERS.map((t) => (
                  <td key={t}>{bar.counts[t]}</td>
                ))}
                <td>{bar.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {(active) => (
        <>
          {!geometry.empty && <YAxis plot={plot} ticks={geometry.yTicks} grid />}
          {active !== null && bars[active] && (
            <rect {...bars[active].band} fill="currentColor" fillOpacity={0.07} />
          )}
          {bars.map((bar) =>
            bar.segments.map((segment, index) =>
              index === bar.segments.length - 1 ? (
                <path
                  key={segment.trigger}
                  d={roundedTopPath(segment.box, 2)}
                  fill={segment.color}
                />
              ) : (
                <rect key={segment.trigger} {...segment.box} fill={segment.color} />
              ),
            ),
          )}
          <line
            x1={plot.x}
            x2={plot.x + plot.width}
            y1={axisY}
            y2={axisY}
            stroke="currentColor"
            strokeOpacity={0.3}
          />
          {bars.map((bar) =>
            geometry.tickMode === 'rotated' ? (
              <text
                key={bar.label}
                transform={`translate(${bar.tick.x},${axisY + TICK_GAP + 2}) rotate(-35)`}
                textAnchor="end"
                dominantBaseline="central"
                fill="currentColor"
                fontSize={FONT_SIZE}
                className="font-mono"
              >
                {bar.label}
              </text>
            ) : (
              <text
                key={bar.label}
                x={bar.tick.x}
                y={axisY + TICK_GAP + 2}
                textAnchor="middle"
                dominantBaseline="hanging"
                fill="currentColor"
                fontSize={FONT_SIZE}
                className="font-mono"
              >
                {bar.tick.lines.map((line, index) => (
                  <tspan key={line} x={bar.tick.x} dy={index === 0 ? 0 : 13}>
                    {line}
                  </tspan>
                ))}
              </text>
            ),
          )}
          {geometry.empty && (
            <text
              x={plot.x + plot.width / 2}
              y={plot.y + plot.height / 2}
              textAnchor="middle"
              dominantBaseline="central"
              fill="currentColor"
              fontSize={12}
            >
              No reflections in these runs
            </text>
          )}
        </>
      )}
    </ChartFrame>
  );
});
