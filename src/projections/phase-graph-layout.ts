/**
 * Phase graph layouts. `layoutGraph` places the machine with dagre: node boxes, edge routes and
 * edge-label boxes, so labels never sit on a node and parallel transitions get their own routes;
 * a self-loop (a transition back to its own phase) hangs off its node's side, away from the
 * flow (below in LR, to the right in TB), in space reserved for it. `layoutChain` places the unrolled run: a chain, so it wraps into rows like text.
 * Both are pure and deterministic: the same input in the same order gives the same positions.
 */
import { graphlib, layout, type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';

export interface LayoutPoint {
  readonly x: number;
  readonly y: number;
}

export interface LayoutBox {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

export interface LayoutEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  readonly labelWidth: number;
  readonly labelHeight: number;
  /** Dagre's pull towards a short, straight edge; the main flow gets more. */
  readonly weight?: number;
}

export interface LayoutInput {
  readonly direction: 'LR' | 'TB';
  readonly nodes: readonly LayoutBox[];
  readonly edges: readonly LayoutEdge[];
}

export interface LayoutResult {
  /** Top-left corner of each node (xyflow's position). */
  readonly nodes: ReadonlyMap<string, LayoutPoint>;
  /** Each edge's route (node border to node border) and its label's centre. */
  readonly edges: ReadonlyMap<
    string,
    { readonly points: readonly LayoutPoint[]; readonly label: LayoutPoint }
  >;
  readonly width: number;
  readonly height: number;
}

/** Spacing in px; chosen so two-line edge labels clear each other at zoom 1. */
const SPACING = { nodesep: 24, edgesep: 10, ranksep: 40, marginx: 8, marginy: 8 } as const;
/** How far a self-loop reaches out of its node before its label, and its half width. */
const LOOP_REACH = 22;
const LOOP_HALF_WIDTH = 14;

/** Pure: dagre's layout of the boxes and edges (self-loops hang below their node). */
export function layoutGraph(input: LayoutInput): LayoutResult {
  const graph = new graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  graph.setGraph({ rankdir: input.direction, ...SPACING });
  graph.setDefaultEdgeLabel(() => ({}));
  const across = input.direction === 'TB';
  const loopRoom = new Map<string, number>();
  for (const loop of input.edges.filter((edge) => edge.source === edge.target)) {
    const room = LOOP_REACH + (across ? loop.labelWidth : loop.labelHeight) + 4;
    loopRoom.set(loop.source, Math.max(loopRoom.get(loop.source) ?? 0, room));
  }
  for (const node of input.nodes) {
    const room = loopRoom.get(node.id) ?? 0;
    graph.setNode(node.id, {
      width: node.width + (across ? room : 0),
      height: node.height + (across ? 0 : room),
    });
  }
  for (const edge of input.edges) {
    if (edge.source === edge.target) continue;
    graph.setEdge(
      edge.source,
      edge.target,
      { width: edge.labelWidth, height: edge.labelHeight, labelpos: 'c', weight: edge.weight ?? 1 },
      edge.id,
    );
  }
  layout(graph);

  const nodes = new Map<string, LayoutPoint>();
  for (const node of input.nodes) {
    const placed = graph.node(node.id);
    nodes.set(node.id, {
      x: (placed.x ?? 0) - placed.width / 2,
      y: (placed.y ?? 0) - placed.height / 2,
    });
  }
  const sizes = new Map(input.nodes.map((node) => [node.id, node]));
  const boxOf = (id: string): Rect | undefined => {
    const size = sizes.get(id);
    const at = nodes.get(id);
    return size && at ? { ...at, width: size.width, height: size.height } : undefined;
  };
  const edges = new Map<string, { points: LayoutPoint[]; label: LayoutPoint }>();
  for (const edge of input.edges) {
    if (edge.source === edge.target) {
      const box = input.nodes.find((node) => node.id === edge.source);
      const at = nodes.get(edge.source);
      if (!box || !at) continue;
      edges.set(edge.id, selfLoop(box, at, edge, across));
      continue;
    }
    const placed = graph.edge({ v: edge.source, w: edge.target, name: edge.id });
    const points = (placed.points ?? []).map(({ x, y }) => ({ x, y }));
    clipEnds(points, boxOf(edge.source), boxOf(edge.target));
    const middle = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    edges.set(edge.id, { points, label: { x: placed.x ?? middle.x, y: placed.y ?? middle.y } });
  }
  const size = graph.graph();
  return { nodes, edges, width: size.width ?? 0, height: size.height ?? 0 };
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Where the line from the rect's centre towards `point` leaves the rect. */
function intersect(rect: Rect, point: LayoutPoint): LayoutPoint {
  const cx = rect.x + rect.width / 2;
  const cy = rect.y + rect.height / 2;
  const dx = point.x - cx;
  const dy = point.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const w = rect.width / 2;
  const h = rect.height / 2;
  if (Math.abs(dy) * w > Math.abs(dx) * h) {
    const sy = dy < 0 ? -h : h;
    return { x: cx + (sy * dx) / dy, y: cy + sy };
  }
  const sx = dx < 0 ? -w : w;
  return { x: cx + sx, y: cy + (sx * dy) / dx };
}

/**
 * Re-attaches a route's ends to the nodes' own boxes: dagre attached them to the boxes it
 * placed, which include any room reserved for a self-loop.
 */
function clipEnds(points: LayoutPoint[], source?: Rect, target?: Rect): void {
  if (points.length < 2) return;
  if (source) points[0] = intersect(source, points[1] as LayoutPoint);
  if (target) points[points.length - 1] = intersect(target, points.at(-2) as LayoutPoint);
}

/** A loop out of the node's right side (TB) or bottom (LR) and back, its label beyond it. */
function selfLoop(box: LayoutBox, at: LayoutPoint, edge: LayoutEdge, across: boolean) {
  if (across) {
    const middle = at.y + box.height / 2;
    const side = at.x + box.width;
    const far = side + LOOP_REACH - 6;
    return {
      points: [
        { x: side, y: middle - LOOP_HALF_WIDTH },
        { x: far, y: middle - LOOP_HALF_WIDTH },
        { x: far, y: middle + LOOP_HALF_WIDTH },
        { x: side, y: middle + LOOP_HALF_WIDTH },
      ],
      label: { x: side + LOOP_REACH + edge.labelWidth / 2, y: middle },
    };
  }
  const centre = at.x + box.width / 2;
  const bottom = at.y + box.height;
  const low = bottom + LOOP_REACH - 6;
  return {
    points: [
      { x: centre - LOOP_HALF_WIDTH, y: bottom },
      { x: centre - LOOP_HALF_WIDTH, y: low },
      { x: centre + LOOP_HALF_WIDTH, y: low },
      { x: centre + LOOP_HALF_WIDTH, y: bottom },
    ],
    label: { x: centre, y: bottom + LOOP_REACH + edge.labelHeight / 2 },
  };
}

export interface ChainInput {
  /** The chain's nodes in order; every node has the same size. */
  readonly nodes: readonly LayoutBox[];
  /** `edges[k]` joins node k and node k + 1. */
  readonly edges: readonly LayoutEdge[];
  readonly columns: number;
}

/** Room between two nodes of a row (the widest pill plus air) and between rows (a pill). */
export const CHAIN = { gap: 136, rowGap: 76, margin: 8 } as const;

/**
 * Pure: a chain laid out in rows of `columns`, left to right like text; the edge that ends a row
 * runs below it and back to the start of the next. Linear time: a 300-step run lays out in well
 * under a millisecond, where dagre takes ~150 ms and gives one row 100,000 px long.
 */
export function layoutChain(input: ChainInput): LayoutResult {
  const columns = Math.max(1, Math.floor(input.columns));
  const width = input.nodes[0]?.width ?? 0;
  const height = input.nodes[0]?.height ?? 0;
  const nodes = new Map<string, LayoutPoint>();
  input.nodes.forEach((node, k) => {
    nodes.set(node.id, {
      x: CHAIN.margin + (k % columns) * (width + CHAIN.gap),
      y: CHAIN.margin + Math.floor(k / columns) * (height + CHAIN.rowGap),
    });
  });
  const edges = new Map<string, { points: LayoutPoint[]; label: LayoutPoint }>();
  for (const edge of input.edges) {
    const from = nodes.get(edge.source);
    const to = nodes.get(edge.target);
    if (!from || !to) continue;
    if (from.y === to.y) {
      const y = from.y + height / 2;
      const start = { x: from.x + width, y };
      const end = { x: to.x, y };
      edges.set(edge.id, {
        points: [start, end],
        label: { x: (start.x + end.x) / 2, y },
      });
    } else {
      const lane = from.y + height + CHAIN.rowGap / 2;
      const points = [
        { x: from.x + width / 2, y: from.y + height },
        { x: from.x + width / 2, y: lane },
        { x: to.x + width / 2, y: lane },
        { x: to.x + width / 2, y: to.y },
      ];
      edges.set(edge.id, { points, label: { x: (from.x + to.x + width) / 2, y: lane } });
    }
  }
  const rows = Math.ceil(input.nodes.length / columns);
  const used = Math.min(columns, input.nodes.length);
  return {
    nodes,
    edges,
    width: CHAIN.margin * 2 + used * width + Math.max(0, used - 1) * CHAIN.gap,
    height: CHAIN.margin * 2 + rows * height + Math.max(0, rows - 1) * CHAIN.rowGap,
  };
}
