/**
 * An edge of the phase graph, drawn along the layout's route (not xyflow's handle-to-handle
 * curve) with its arrowhead and a pill label above the edges. View-only and memoised.
 */
import { EdgeLabelRenderer, type EdgeProps } from '@xyflow/react';
import { memo, useMemo } from 'react';
import { clipLine } from '../../components/Clipped';
import { edgePath } from './edge-path';
import type { TransitionFlowEdge } from './flow-elements';
import { BADGE_TONE, EDGE_STROKE, PILL_BORDER } from './tones';

function TransitionEdgeView({ data }: EdgeProps<TransitionFlowEdge>) {
  const geometry = useMemo(() => (data ? edgePath(data.edge.points) : null), [data]);
  if (!data || !geometry) return null;
  const { edge, selected } = data;
  // Only the guards lens says the loop would have taken it: drawn dashed in the lens's colour.
  const wouldOnly = edge.taken === 0 && edge.wouldHave.length > 0;
  const colour = wouldOnly
    ? 'stroke-indigo-500 fill-indigo-500 dark:stroke-indigo-300 dark:fill-indigo-300'
    : EDGE_STROKE[edge.kind][edge.faint ? 'faint' : 'taken'];
  const width = edge.faint
    ? 1.25
    : wouldOnly
      ? 1.5
      : edge.last
        ? 2.75
        : 1.75 + Math.min(edge.taken - 1, 4) * 0.25;
  const pill = edge.pill;
  return (
    <>
      <title>{clipLine(edge.ariaLabel)}</title>
      <path
        d={geometry.path}
        className="phase-graph__halo fill-none stroke-sky-500/50 opacity-0 dark:stroke-sky-400/60"
        strokeWidth={9}
      />
      {selected && (
        <path
          d={geometry.path}
          className="fill-none stroke-amber-400/50 dark:stroke-amber-400/40"
          strokeWidth={8}
        />
      )}
      <path
        d={geometry.path}
        className={`fill-none! ${colour} ${edge.animated ? 'phase-graph__animated' : ''}`}
        strokeWidth={width}
        strokeDasharray={edge.faint ? '4 4' : wouldOnly ? '6 3' : undefined}
      />
      <polygon
        points={geometry.arrow}
        className={`${colour} stroke-1 ${wouldOnly ? 'fill-white! dark:fill-slate-950!' : ''}`}
        strokeLinejoin="round"
      />
      {/* A wide transparent stroke: the edge is easy to hit with a pointer. */}
      <path d={geometry.path} className="fill-none stroke-transparent" strokeWidth={14} />
      {pill && (
        <EdgeLabelRenderer>
          <div
            data-edge-label={edge.id}
            data-would-have={edge.wouldHave.length > 0 ? edge.wouldHave.join(' ') : undefined}
            title={clipLine(edge.ariaLabel)}
            style={{
              transform: `translate(-50%, -50%) translate(${edge.labelX}px, ${edge.labelY}px)`,
              maxWidth: edge.labelWidth,
              // Above every edge, even the raised ones (xyflow gives them their own layer).
              zIndex: 5,
            }}
            className={`nodrag nopan pointer-events-auto absolute flex cursor-pointer flex-col items-center rounded-md border bg-white/95 px-1.5 py-0.5 text-[11px] leading-[14px] text-slate-800 shadow-sm dark:bg-slate-900/95 dark:text-slate-100 ${
              wouldOnly
                ? 'border-dashed border-indigo-500 dark:border-indigo-300'
                : PILL_BORDER[edge.kind]
            } ${edge.last ? 'ring-1 ring-slate-900/70 dark:ring-white/70' : ''} ${
              selected ? 'ring-2 ring-amber-500 dark:ring-amber-400' : ''
            }`}
          >
            <span className="flex max-w-full items-center gap-1 overflow-hidden">
              <span className="font-medium whitespace-pre">{pill.text}</span>
              {pill.badge && (
                <span
                  className={`shrink-0 rounded px-1 text-[10px] font-semibold tabular-nums ${BADGE_TONE[edge.kind]}`}
                >
                  {pill.badge}
                </span>
              )}
            </span>
            {pill.detail && (
              <span
                className={`line-clamp-2 max-w-full text-center ${
                  edge.wouldHave.length > 0
                    ? 'text-indigo-800 italic dark:text-indigo-200'
                    : 'text-slate-600 dark:text-slate-300'
                }`}
              >
                {clipLine(pill.detail)}
              </span>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}

/** Memoised: xyflow re-renders an edge only when its data object changes. */
export const TransitionEdge = memo(TransitionEdgeView);
