/** A node of the phase graph: a phase (aggregate) or a step (unrolled). View-only and memoised. */
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { clipLine } from '../../components/Clipped';
import type { PhaseFlowNode } from './flow-elements';
import { NODE_TONE, ToneGlyph } from './tones';

/** Edges are drawn along the layout's routes; the handles only anchor them for xyflow. */
const HIDDEN_HANDLE =
  'pointer-events-none! h-px! w-px! min-w-0! border-0! bg-transparent! opacity-0!';

function PhaseNodeView({ data }: NodeProps<PhaseFlowNode>) {
  const { node, selected } = data;
  const look = [
    'relative flex h-full w-full flex-col justify-center rounded-lg border px-3 shadow-sm',
    NODE_TONE[node.tone],
    node.faint ? 'border-dashed shadow-none' : '',
    node.current
      ? 'shadow-md ring-2 ring-slate-900 ring-offset-2 ring-offset-white dark:ring-white dark:ring-offset-slate-950'
      : '',
    selected
      ? 'outline-2 outline-offset-[5px] outline-amber-500 outline-dashed dark:outline-amber-400'
      : '',
  ].join(' ');
  return (
    <div className={look} title={clipLine(node.description)}>
      <Handle
        type="target"
        position={Position.Top}
        isConnectable={false}
        className={HIDDEN_HANDLE}
      />
      <div className="flex min-w-0 items-center gap-1.5">
        <ToneGlyph tone={node.tone} />
        <span
          className={`min-w-0 flex-1 truncate text-[13px] leading-5 font-semibold ${
            node.faint ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-slate-50'
          }`}
        >
          {clipLine(node.label)}
        </span>
      </div>
      {(node.detail || node.tag) && (
        <div className="flex min-w-0 items-center gap-1.5 pl-[22px]">
          <span className="min-w-0 flex-1 truncate text-[11px] leading-4 text-slate-600 tabular-nums dark:text-slate-300">
            {node.detail ? clipLine(node.detail) : null}
          </span>
          {node.tag && (
            <span className="shrink-0 rounded-full bg-slate-900 px-1.5 text-[10px] leading-4 font-semibold tracking-wide whitespace-nowrap text-white uppercase dark:bg-white dark:text-slate-950">
              {node.tag}
            </span>
          )}
        </div>
      )}
      <Handle
        type="source"
        position={Position.Bottom}
        isConnectable={false}
        className={HIDDEN_HANDLE}
      />
    </div>
  );
}

/** Memoised: xyflow re-renders a node only when its data object changes. */
export const PhaseNode = memo(PhaseNodeView);
