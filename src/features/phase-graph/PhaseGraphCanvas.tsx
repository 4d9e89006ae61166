/**
 * The phase graph's canvas: xyflow over the builder's view data. It never branches on the mode;
 * clicks and Enter pick what the element names (a phase or transition, and its first step). The
 * graph is one tab stop; the arrow keys move among its phases and transitions.
 */
import {
  Background,
  BackgroundVariant,
  ControlButton,
  Controls,
  ReactFlow,
  getViewportForBounds,
  useReactFlow,
  useStore,
  type ReactFlowState,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './phase-graph.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { GraphPick, PhaseGraph, PhaseGraphNode } from '../../projections/phase-graph';
import type { GraphSelection } from '../../state/run-store';
import {
  EMPTY_FLOW_CACHE,
  toFlowElements,
  type PhaseFlowNode,
  type TransitionFlowEdge,
} from './flow-elements';
import { PhaseNode } from './PhaseNode';
import { TransitionEdge } from './TransitionEdge';
import { useRovingFocus } from './use-roving-focus';
import { useColorScheme } from './use-color-scheme';

const NODE_TYPES = { phase: PhaseNode };
const EDGE_TYPES = { transition: TransitionEdge };
/**
 * Fitting lands at once, no animation (tests see it settled); it never zooms in past 1:1. The
 * padding keeps the graph clear of the controls below it, and of the hint above it while the
 * hint shows (before a run); after a run that room goes to the graph, which a short pane (a
 * 1024×700 window) needs to keep its labels legible.
 */
const FIT_PADDING = { top: '12px', right: '16px', bottom: '44px', left: '16px' } as const;
const FIT_PADDING_HINTED = { ...FIT_PADDING, top: '36px' } as const;
const FIT_MAX_ZOOM = 1;
const MIN_ZOOM = 0.15;
const PRO_OPTIONS = { hideAttribution: false } as const;

export interface PhaseGraphCanvasProps {
  readonly graph: PhaseGraph;
  readonly selection: GraphSelection | null;
  /** Picks an element: selects what it names and shows its first step. */
  readonly onPick: (pick: GraphPick) => void;
  readonly onClear: () => void;
  /** Told once the view has been fitted to the laid-out graph. */
  readonly onReady: () => void;
  /** Whether the pane shows its hint above the graph (before a run): the fit leaves it room. */
  readonly hinted: boolean;
}

/** The viewport that shows `view` whole in a pane of this size. */
const fitViewport = (view: PhaseGraph['view'], width: number, height: number, hinted: boolean) =>
  getViewportForBounds(
    view,
    width,
    height,
    MIN_ZOOM,
    FIT_MAX_ZOOM,
    hinted ? FIT_PADDING_HINTED : FIT_PADDING,
  );

const selectWidth = (state: ReactFlowState) => state.width;
const selectHeight = (state: ReactFlowState) => state.height;

/**
 * Keeps the current node in view as the run (or the cursor) moves: pans to it when it leaves the
 * viewport, at the same zoom. The viewport is xyflow's, outside React state.
 */
function FollowCurrent({ node }: { readonly node: PhaseGraphNode | undefined }) {
  const flow = useReactFlow();
  const width = useStore(selectWidth);
  const height = useStore(selectHeight);
  const x = node?.x;
  const y = node?.y;
  const w = node?.width ?? 0;
  const h = node?.height ?? 0;
  useEffect(() => {
    if (x === undefined || y === undefined || width === 0) return;
    const { x: left, y: top, zoom } = flow.getViewport();
    const screenX = x * zoom + left;
    const screenY = y * zoom + top;
    const inside =
      screenX >= 0 && screenY >= 0 && screenX + w * zoom <= width && screenY + h * zoom <= height;
    if (!inside) void flow.setCenter(x + w / 2, y + h / 2, { zoom, duration: 0 });
  }, [flow, x, y, w, h, width, height]);
  return null;
}

/**
 * Fits the view to the graph's `view` area (labels included, which xyflow's own fitView, going
 * by nodes, would cut off) whenever the layout or the pane's size changes, then tells
 * `onFitted`. The viewport is xyflow's, outside React state.
 */
function FitOnLayout({
  layoutKey,
  view,
  hinted,
  onFitted,
}: {
  readonly layoutKey: string;
  readonly view: PhaseGraph['view'];
  readonly hinted: boolean;
  readonly onFitted: () => void;
}) {
  const flow = useReactFlow<PhaseFlowNode, TransitionFlowEdge>();
  const width = useStore(selectWidth);
  const height = useStore(selectHeight);
  useEffect(() => {
    if (width === 0 || height === 0) return;
    let live = true;
    void flow.setViewport(fitViewport(view, width, height, hinted), { duration: 0 }).then(() => {
      if (live) onFitted();
    });
    return () => {
      live = false;
    };
    // Only a new layout or pane size refits: a moving cursor must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow, layoutKey, width, height, hinted]);
  return null;
}

/** Zoom in and out, and fit the view to the graph (labels included). */
function GraphControls({
  view,
  hinted,
}: {
  readonly view: PhaseGraph['view'];
  readonly hinted: boolean;
}) {
  const flow = useReactFlow<PhaseFlowNode, TransitionFlowEdge>();
  const width = useStore(selectWidth);
  const height = useStore(selectHeight);
  const fit = () => {
    void flow.setViewport(fitViewport(view, width, height, hinted), { duration: 0 });
  };
  return (
    <Controls showInteractive={false} showFitView={false} orientation="horizontal">
      <ControlButton onClick={fit} title="Fit view" aria-label="Fit view">
        <svg
          viewBox="0 0 16 16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
        >
          <path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />
        </svg>
      </ControlButton>
    </Controls>
  );
}

/** The xyflow canvas of the phase graph. */
export function PhaseGraphCanvas({
  graph,
  selection,
  onPick,
  onClear,
  onReady,
  hinted,
}: PhaseGraphCanvasProps) {
  const scheme = useColorScheme();
  // React's "information from previous renders" pattern: the last build's elements are reused
  // where nothing changed, so a cursor move re-renders two nodes, not three hundred.
  const [built, setBuilt] = useState(() => ({
    graph,
    selection,
    elements: toFlowElements(graph, selection, EMPTY_FLOW_CACHE),
  }));
  let elements = built.elements;
  if (built.graph !== graph || built.selection !== selection) {
    elements = toFlowElements(graph, selection, built.elements.cache);
    setBuilt({ graph, selection, elements });
  }

  const root = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(elements.nodes, elements.edges, root);

  const picks = useMemo(() => {
    const byId = new Map<string, GraphPick>();
    for (const node of graph.nodes) byId.set(`node:${node.id}`, node.pick);
    for (const edge of graph.edges) byId.set(`edge:${edge.id}`, edge.pick);
    return byId;
  }, [graph]);

  const pickElement = (target: EventTarget | null): GraphPick | undefined => {
    if (!(target instanceof Element)) return undefined;
    const label = target.closest('[data-edge-label]');
    if (label) return picks.get(`edge:${label.getAttribute('data-edge-label')}`);
    const node = target.closest('.react-flow__node');
    if (node) return picks.get(`node:${node.getAttribute('data-id')}`);
    const edge = target.closest('.react-flow__edge');
    if (edge) return picks.get(`edge:${edge.getAttribute('data-id')}`);
    return undefined;
  };

  // Labels live outside the edge's element (xyflow portals them), so their clicks come here.
  const onLabelClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-edge-label]')) return;
    const pick = pickElement(event.target);
    if (pick) onPick(pick);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (roving.onKeyDown(event)) return;
    if (event.key === 'Escape') {
      onClear();
      return;
    }
    if (event.key !== 'Enter') return;
    const pick = pickElement(event.target);
    if (!pick) return;
    event.preventDefault();
    onPick(pick);
  };

  const current = graph.nodes.find((node) => node.current);

  return (
    <ReactFlow<PhaseFlowNode, TransitionFlowEdge>
      ref={root}
      nodes={roving.nodes}
      edges={roving.edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      colorMode={scheme}
      onNodeClick={(_, node) => onPick(node.data.node.pick)}
      onEdgeClick={(_, edge) => edge.data && onPick(edge.data.edge.pick)}
      onPaneClick={onClear}
      onClick={onLabelClick}
      onKeyDown={onKeyDown}
      onFocus={roving.onFocus}
      nodesDraggable={false}
      nodesConnectable={false}
      elementsSelectable={false}
      nodesFocusable
      edgesFocusable
      deleteKeyCode={null}
      // Space belongs to the timeline's playback shortcut, not to panning.
      panActivationKeyCode={null}
      selectionKeyCode={null}
      multiSelectionKeyCode={null}
      zoomOnDoubleClick={false}
      minZoom={MIN_ZOOM}
      maxZoom={2}
      proOptions={PRO_OPTIONS}
      className="phase-graph"
    >
      <Background variant={BackgroundVariant.Dots} gap={18} size={1} />
      <GraphControls view={graph.view} hinted={hinted} />
      <FitOnLayout
        layoutKey={graph.layoutKey}
        view={graph.view}
        hinted={hinted}
        onFitted={onReady}
      />
      <FollowCurrent node={current} />
    </ReactFlow>
  );
}
