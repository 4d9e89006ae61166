/**
 * The whole machine's layout, done once: every phase gets one position, whether a run went
 * through it or not, so the graph never rearranges between before and after a run. Dagre places
 * the nodes and routes the edges that shape the flow, with no label boxes (labels are placed
 * afterwards, between the rows: `placeLabels`), so the graph stays as compact as the machine.
 * Pure and deterministic: the same input in the same order gives the same positions.
 */
import { graphlib, layout, type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';
import type { LayoutBox, LayoutPoint } from './phase-graph-layout';

export interface MachineEdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  /** Dagre's pull towards a short, straight edge (0: it only ranks the target below). */
  readonly weight: number;
  /**
   * Routed outside dagre, so it neither moves a node nor widens the graph: straight along the
   * flow, or round the graph's side when it runs against it. For edges drawn rarely (failures,
   * cancels) or that would drag the whole layout round (the loop back between attempts).
   */
  readonly free: boolean;
}

export interface MachineLayoutInput {
  readonly direction: 'LR' | 'TB';
  readonly nodes: readonly LayoutBox[];
  readonly edges: readonly MachineEdge[];
  /** Room a self-loop's label takes beside its node (its reserved width and height). */
  readonly loopLabel: { readonly width: number; readonly height: number };
}

export interface MachineLayout {
  readonly direction: 'LR' | 'TB';
  /** Top-left corner of each node (xyflow's position). */
  readonly nodes: ReadonlyMap<string, LayoutPoint>;
  /** Each edge's route, node border to node border; a self-loop's also its label's centre. */
  readonly edges: ReadonlyMap<
    string,
    { readonly points: readonly LayoutPoint[]; readonly loopLabel: LayoutPoint | null }
  >;
}

/**
 * Spacing in px. Between rows there is room for a three-line pill (48 px) and 4 px of air on
 * each side: labels go there, not into dagre (the rows sit close so that the graph stays legible
 * in a short pane, such as the inspector's in a 1024×700 window). Left to right, a gap holds the widest pill (184).
 */
const SPACING = { nodesep: 24, edgesep: 10, marginx: 8, marginy: 8 } as const;
export const RANK_GAP = { TB: 56, LR: 200 } as const;
/** How far a self-loop reaches out of its node before its label, and its half width. */
const LOOP_REACH = 22;
const LOOP_HALF_WIDTH = 14;
/** How far outside the graph an edge against the flow runs. */
const LANE_GAP = 18;

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Pure: one position for every node of the machine and a route for every edge. */
export function layoutMachine(input: MachineLayoutInput): MachineLayout {
  const across = input.direction === 'TB';
  const ranked = input.edges.filter((edge) => !edge.free && edge.source !== edge.target);
  const inFlow = new Set(ranked.flatMap((edge) => [edge.source, edge.target]));
  const looped = new Set(input.edges.filter((e) => e.source === e.target).map((e) => e.source));
  const loopRoom = LOOP_REACH + (across ? input.loopLabel.width : input.loopLabel.height) + 4;

  const graph = new graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  graph.setGraph({ rankdir: input.direction, ranksep: RANK_GAP[input.direction], ...SPACING });
  graph.setDefaultEdgeLabel(() => ({}));
  const flowNodes = input.nodes.filter((node) => inFlow.has(node.id) || input.nodes.length === 1);
  for (const node of flowNodes) {
    const room = looped.has(node.id) ? loopRoom : 0;
    graph.setNode(node.id, {
      width: node.width + (across ? room : 0),
      height: node.height + (across ? 0 : room),
    });
  }
  for (const edge of ranked) {
    graph.setEdge(edge.source, edge.target, { weight: edge.weight, minlen: 1 }, edge.id);
  }
  layout(graph);

  const nodes = new Map<string, LayoutPoint>();
  for (const node of flowNodes) {
    const placed = graph.node(node.id);
    nodes.set(node.id, {
      x: (placed.x ?? 0) - placed.width / 2,
      y: (placed.y ?? 0) - placed.height / 2,
    });
  }
  const loose = placeLoose(input, nodes, across);

  const sizes = new Map(input.nodes.map((node) => [node.id, node]));
  const boxOf = (id: string): Rect | undefined => {
    const size = sizes.get(id);
    const at = nodes.get(id);
    return size && at ? { ...at, width: size.width, height: size.height } : undefined;
  };
  const boxes = [...nodes.keys()]
    .filter((id) => !loose.has(id))
    .map(boxOf)
    .filter((box): box is Rect => box !== undefined);
  const edges = new Map<string, { points: LayoutPoint[]; loopLabel: LayoutPoint | null }>();
  for (const edge of input.edges) {
    const source = boxOf(edge.source);
    const target = boxOf(edge.target);
    if (!source || !target) continue;
    if (edge.source === edge.target) {
      edges.set(edge.id, selfLoop(source, input.loopLabel, across));
    } else if (edge.free) {
      edges.set(edge.id, {
        points: freeRoute(source, target, boxes, across, RANK_GAP[input.direction]),
        loopLabel: null,
      });
    } else {
      const placed = graph.edge({ v: edge.source, w: edge.target, name: edge.id });
      const points = (placed.points ?? []).map(({ x, y }) => ({ x, y }));
      clipEnds(points, source, target);
      edges.set(edge.id, { points, loopLabel: null });
    }
  }
  return { direction: input.direction, nodes, edges };
}

/**
 * Nodes with no edge dagre ranks (reached only by free edges: failures, cancels) go in a column
 * past the graph's far side (a row below it left to right), one a row from the second row on,
 * so a run that ends in one keeps the graph about its own size. Drawn top to bottom; left to
 * right is the same, transposed.
 */
function placeLoose(
  input: MachineLayoutInput,
  nodes: Map<string, LayoutPoint>,
  across: boolean,
): ReadonlySet<string> {
  const loose = input.nodes.filter((node) => !nodes.has(node.id));
  if (loose.length === 0) return new Set();
  const turn = (rect: Rect): Rect => (across ? rect : flipRect(rect));
  const sizes = new Map(input.nodes.map((node) => [node.id, node]));
  const placed = [...nodes].map(([id, at]) => {
    const size = sizes.get(id) as LayoutBox;
    return turn({ ...at, width: size.width, height: size.height });
  });
  const rows = [...new Set(placed.map((box) => box.y + box.height / 2))].sort((a, b) => a - b);
  const column = Math.max(...placed.map((box) => box.x + box.width)) + 2 * LANE_GAP;
  const gap = RANK_GAP[input.direction];
  loose.forEach((node, k) => {
    const box = turn({ x: 0, y: 0, width: node.width, height: node.height });
    const last = rows.at(-1) ?? 0;
    const row = rows[k + 1] ?? last + (k + 2 - rows.length) * (box.height + gap);
    const at = { x: column, y: row - box.height / 2 };
    nodes.set(node.id, across ? at : flip(at));
  });
  return new Set(loose.map((node) => node.id));
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
function clipEnds(points: LayoutPoint[], source: Rect, target: Rect): void {
  if (points.length < 2) return;
  points[0] = intersect(source, points[1] as LayoutPoint);
  points[points.length - 1] = intersect(target, points.at(-2) as LayoutPoint);
}

const centre = (rect: Rect): LayoutPoint => ({
  x: rect.x + rect.width / 2,
  y: rect.y + rect.height / 2,
});

const flip = (point: LayoutPoint): LayoutPoint => ({ x: point.y, y: point.x });
const flipRect = (rect: Rect): Rect => ({
  x: rect.y,
  y: rect.x,
  width: rect.height,
  height: rect.width,
});

/**
 * A free edge's route, on lanes no node sits on: down into the gap below its row and along it
 * to a lane past the graph's far side, then into a target in the column beyond it, or down the
 * lane to the gap above the target's row and into the target; against the flow, out of the
 * source's near side, along a lane before the graph's near side and into the target's side. Drawn top to bottom; left to
 * right is the same, transposed.
 */
function freeRoute(
  source: Rect,
  target: Rect,
  boxes: readonly Rect[],
  across: boolean,
  gap: number,
): LayoutPoint[] {
  if (!across) {
    const flipped = freeRoute(flipRect(source), flipRect(target), boxes.map(flipRect), true, gap);
    return flipped.map(flip);
  }
  const from = centre(source);
  const to = centre(target);
  const far = Math.max(...boxes.map((box) => box.x + box.width)) + LANE_GAP;
  const below = source.y + source.height + gap / 2;
  if (target.x >= far) {
    return [
      { x: from.x, y: source.y + source.height },
      { x: from.x, y: below },
      { x: far, y: below },
      { x: far, y: to.y },
      { x: target.x, y: to.y },
    ];
  }
  if (to.y > source.y + source.height) {
    const above = target.y - gap / 2;
    return [
      { x: from.x, y: source.y + source.height },
      { x: from.x, y: below },
      { x: far, y: below },
      { x: far, y: above },
      { x: to.x, y: above },
      { x: to.x, y: target.y },
    ];
  }
  const lane = Math.min(...boxes.map((box) => box.x)) - LANE_GAP;
  return [
    { x: source.x, y: from.y },
    { x: lane, y: from.y },
    { x: lane, y: to.y },
    { x: target.x, y: to.y },
  ];
}

/** A loop out of the node's right side (TB) or bottom (LR) and back, its label beyond it. */
function selfLoop(box: Rect, label: MachineLayoutInput['loopLabel'], across: boolean) {
  if (across) {
    const middle = box.y + box.height / 2;
    const side = box.x + box.width;
    const far = side + LOOP_REACH - 6;
    return {
      points: [
        { x: side, y: middle - LOOP_HALF_WIDTH },
        { x: far, y: middle - LOOP_HALF_WIDTH },
        { x: far, y: middle + LOOP_HALF_WIDTH },
        { x: side, y: middle + LOOP_HALF_WIDTH },
      ],
      loopLabel: { x: side + LOOP_REACH + label.width / 2, y: middle },
    };
  }
  const middle = box.x + box.width / 2;
  const bottom = box.y + box.height;
  const low = bottom + LOOP_REACH - 6;
  return {
    points: [
      { x: middle - LOOP_HALF_WIDTH, y: bottom },
      { x: middle - LOOP_HALF_WIDTH, y: low },
      { x: middle + LOOP_HALF_WIDTH, y: low },
      { x: middle + LOOP_HALF_WIDTH, y: bottom },
    ],
    loopLabel: { x: middle, y: bottom + LOOP_REACH + label.height / 2 },
  };
}
