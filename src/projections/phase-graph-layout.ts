/**
 * Layout shapes the phase graph shares, and `layoutChain`, which places the unrolled run: a
 * chain, so it wraps into rows like text. (The machine's own layout is `layoutMachine`.) Pure
 * and deterministic: the same input in the same order gives the same positions.
 */

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
