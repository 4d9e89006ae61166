import { memo, useMemo } from 'react';
import type { EvalMatrix } from '../../projections/eval-matrix';
import { callsByScenario } from './chart-data';
import { callsGeometry } from './calls-geometry';
import { bandAt, TICK_GAP } from './chart-layout';
import { FONT_SIZE } from './chart-scale';
import { ChartFrame } from './ChartFrame';
import { TooltipRow, XAxis } from './ChartParts';
import { configColor } from './labels';

const calls = (value: number | null) => (value === null ? 'no run' : String(value));

/** Mean calls per run, a row of bars per scenario, one bar per config. */
export const CallsChart = memo(function CallsChart({
  matrix,
  width,
}: {
  readonly matrix: EvalMatrix;
  readonly width: number;
}) {
  const geometry = useMemo(
    () => callsGeometry(callsByScenario(matrix), matrix.configs, width),
    [matrix, width],
  );
  const { plot, groups } = geometry;
  const { configs } = matrix;
  return (
    <ChartFrame
      title="Calls per scenario"
      note="mean LLM calls per run, per config"
      className="col-span-full"
      width={width}
      height={geometry.height}
      count={groups.length}
      pick={(x, y) =>
        x >= 0 && x <= plot.x + plot.width
          ? bandAt(y, plot.y, plot.height / Math.max(1, groups.length), groups.length)
          : null
      }
      tooltip={(index) => {
        const group = groups[index]!;
        return {
          x: group.anchor.x,
          y: group.anchor.y,
          rows: 1 + configs.length,
          text: `${group.scenario}: ${configs
            .map((label, column) => `${label} ${calls(group.calls[column] ?? null)}`)
            .join(', ')} calls per run`,
          content: (
            <>
              <div className="mb-0.5 font-mono font-semibold">{group.scenario}</div>
              {configs.map((label, column) => (
                <TooltipRow
                  key={label}
                  color={configColor(label)}
                  name={label}
                  value={calls(group.calls[column] ?? null)}
                />
              ))}
            </>
          ),
        };
      }}
      legend={geometry.legend}
      legendAt="top"
      table={
        <table className="sr-only">
          <caption>Mean LLM calls per run, per scenario and config</caption>
          <thead>
            <tr>
              <th scope="col">Scenario</th>
              {configs.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.scenario}>
                <th scope="row">{group.scenario}</th>
                {configs.map((label, column) => (
                  <td key={label}>{calls(group.calls[column] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {(active) => (
        <>
          {active !== null && groups[active] && (
            <rect
              {...groups[active].band}
              x={0}
              width={plot.x + plot.width}
              fill="currentColor"
              fillOpacity={0.07}
            />
          )}
          <XAxis plot={plot} ticks={geometry.xTicks} grid />
          {groups.map((group) => (
            <g key={group.scenario}>
              {group.bars.map((bar) => (
                <rect key={bar.label} {...bar.box} rx={1} fill={bar.color} />
              ))}
              <text
                x={plot.x - TICK_GAP - 2}
                y={group.anchor.y}
                textAnchor="end"
                dominantBaseline="central"
                fontSize={FONT_SIZE}
                className="fill-slate-700 font-mono dark:fill-slate-300"
              >
                {group.tickText}
              </text>
            </g>
          ))}
          <line
            x1={Math.round(plot.x) + 0.5}
            x2={Math.round(plot.x) + 0.5}
            y1={plot.y}
            y2={plot.y + plot.height}
            stroke="currentColor"
            strokeOpacity={0.3}
          />
        </>
      )}
    </ChartFrame>
  );
});
