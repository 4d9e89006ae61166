import { memo, useMemo } from 'react';
import type { EvalMatrix } from '../../projections/eval-matrix';
import { accuracyPoints } from './chart-data';
import { accuracyGeometry, POINT_RADIUS } from './accuracy-geometry';
import { nearestPoint } from './chart-layout';
import { FONT_SIZE } from './chart-scale';
import { ChartFrame } from './ChartFrame';
import { TooltipRow, XAxis, YAxis } from './ChartParts';

/** The pointer picks a point this close (px). */
const PICK_RADIUS = 24;

const tokens = (n: number) => n.toLocaleString('en-US');

/** Tokens per run (x) against percent correct (y), one labelled point per config. */
export const AccuracyChart = memo(function AccuracyChart({
  matrix,
  width,
}: {
  readonly matrix: EvalMatrix;
  readonly width: number;
}) {
  const geometry = useMemo(() => accuracyGeometry(accuracyPoints(matrix), width), [matrix, width]);
  const { plot, points } = geometry;
  return (
    <ChartFrame
      title="Tokens vs accuracy"
      note="per config: mean tokens per run, % correct"
      width={width}
      height={geometry.height}
      {...(geometry.legend.length ? { legend: geometry.legend } : {})}
      count={points.length}
      pick={(x, y) => nearestPoint(points, x, y, PICK_RADIUS)}
      tooltip={(index) => {
        const point = points[index]!;
        return {
          x: point.x,
          y: point.y,
          rows: 3,
          text: `${point.label}: ${tokens(point.tokens)} tokens per run, ${point.accuracy}% correct`,
          content: (
            <>
              <div className="mb-0.5 font-mono font-semibold">{point.label}</div>
              <TooltipRow color={point.color} name="tokens per run" value={tokens(point.tokens)} />
              <TooltipRow color={point.color} name="correct" value={`${point.accuracy}%`} />
            </>
          ),
        };
      }}
      table={
        <table className="sr-only">
          <caption>Tokens vs accuracy per config</caption>
          <thead>
            <tr>
              <th scope="col">Config</th>
              <th scope="col">Mean tokens per run</th>
              <th scope="col">Correct</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label}>
                <th scope="row">{point.label}</th>
                <td>{tokens(point.tokens)}</td>
                <td>{point.accuracy}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {(active) => (
        <>
          <YAxis plot={plot} ticks={geometry.yTicks} grid />
          <XAxis plot={plot} ticks={geometry.xTicks} grid />
          <text
            x={geometry.xTitle.x}
            y={geometry.xTitle.y}
            textAnchor="middle"
            fill="currentColor"
            fontSize={FONT_SIZE}
          >
            {geometry.xTitle.text}
          </text>
          {points.map((point, index) => (
            <g key={point.label}>
              {index === active && (
                <circle
                  cx={point.x}
                  cy={point.y}
                  r={POINT_RADIUS + 4}
                  fill={point.color}
                  fillOpacity={0.2}
                />
              )}
              <circle
                cx={point.x}
                cy={point.y}
                r={POINT_RADIUS}
                fill={point.color}
                className="stroke-white dark:stroke-slate-950"
                strokeWidth={1.5}
              />
            </g>
          ))}
          {/* Labels after every point: placed clear of the points, none is drawn over. */}
          {points.map((point) =>
            point.labelled ? (
              <text
                key={point.label}
                x={point.labelBox.x + point.labelBox.width / 2}
                y={point.labelBox.y + point.labelBox.height / 2}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={FONT_SIZE}
                className="fill-slate-700 font-mono dark:fill-slate-300"
              >
                {point.label}
              </text>
            ) : null,
          )}
        </>
      )}
    </ChartFrame>
  );
});
