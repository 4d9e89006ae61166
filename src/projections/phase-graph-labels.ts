/**
 * Edge labels placed outside dagre, over a fixed node layout: each pill sits where its route
 * crosses the middle of a gap between rows (near the route's midpoint, in a roomy gap), so it never
 * covers a node; pills that share a gap are pushed apart along it, as little as they must, so
 * none covers another. Pure and deterministic: the same input in the same order, the same places.
 */
import type { LayoutBox, LayoutPoint } from './phase-graph-layout';

export interface LabelBox {
  readonly id: string;
  /** The edge's route, node border to node border. */
  readonly points: readonly LayoutPoint[];
  readonly width: number;
  readonly height: number;
}

interface Placed extends LayoutBox {
  readonly x: number;
  readonly y: number;
}

/** Air between two pills that share a gap, in px. */
const LABEL_GAP = 8;

/** Pure: the gaps between rows of nodes along the flow (y in TB, x in LR), as [start, end]. */
export function rowGaps(
  nodes: readonly Placed[],
  direction: 'LR' | 'TB',
): readonly (readonly [number, number])[] {
  const spans = nodes
    .map((node) =>
      direction === 'TB' ? [node.y, node.y + node.height] : [node.x, node.x + node.width],
    )
    .sort((a, b) => (a[0] as number) - (b[0] as number));
  const rows: [number, number][] = [];
  for (const [start, end] of spans as [number, number][]) {
    const last = rows.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else rows.push([start, end]);
  }
  return rows.slice(1).map((row, k) => [(rows[k] as [number, number])[1], row[0]] as const);
}

/** Where the route crosses the line `along = at` (y in TB, x in LR), and how far along it is. */
function crossing(
  points: readonly LayoutPoint[],
  at: number,
  across: boolean,
): { point: LayoutPoint; distance: number } | null {
  let travelled = 0;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1] as LayoutPoint;
    const b = points[k] as LayoutPoint;
    const [a1, b1] = across ? [a.y, b.y] : [a.x, b.x];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (a1 !== b1 && (at - a1) * (at - b1) <= 0) {
      const t = (at - a1) / (b1 - a1);
      const point = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      return { point, distance: travelled + length * t };
    }
    travelled += length;
  }
  return null;
}

function routeLength(points: readonly LayoutPoint[]): number {
  let length = 0;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1] as LayoutPoint;
    const b = points[k] as LayoutPoint;
    length += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return length;
}

/** The point halfway along the route. */
function midpoint(points: readonly LayoutPoint[]): LayoutPoint {
  let left = routeLength(points) / 2;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1] as LayoutPoint;
    const b = points[k] as LayoutPoint;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    if (length >= left && length > 0) {
      return { x: a.x + ((b.x - a.x) * left) / length, y: a.y + ((b.y - a.y) * left) / length };
    }
    left -= length;
  }
  return points[0] ?? { x: 0, y: 0 };
}

/**
 * Pure: 1-D overlap removal. Each item wants its centre at `want`; the result keeps them in
 * that order, `gap` apart at least, each cluster of touching items centred on what its members
 * want.
 */
export function spreadApart(
  items: readonly { readonly want: number; readonly size: number }[],
  gap: number,
): number[] {
  const order = items
    .map((_, k) => k)
    .sort((a, b) => {
      const by = (items[a] as { want: number }).want - (items[b] as { want: number }).want;
      return by !== 0 ? by : a - b;
    });
  // Each cluster: its members in order, where it starts, and how long it is.
  const clusters: { members: number[]; start: number; length: number; wantSum: number }[] = [];
  for (const index of order) {
    const item = items[index] as { want: number; size: number };
    let cluster = {
      members: [index],
      start: item.want - item.size / 2,
      length: item.size,
      wantSum: item.want - item.size / 2,
    };
    for (;;) {
      const before = clusters.at(-1);
      if (!before || before.start + before.length + gap <= cluster.start) break;
      clusters.pop();
      // Every member's wanted start, less its offset in the merged cluster, averaged.
      const offset = before.length + gap;
      const wantSum = before.wantSum + cluster.wantSum - offset * cluster.members.length;
      const members = [...before.members, ...cluster.members];
      cluster = {
        members,
        start: wantSum / members.length,
        length: offset + cluster.length,
        wantSum,
      };
    }
    clusters.push(cluster);
  }
  const centres = items.map(() => 0);
  for (const cluster of clusters) {
    let at = cluster.start;
    for (const index of cluster.members) {
      const size = (items[index] as { size: number }).size;
      centres[index] = at + size / 2;
      at += size + gap;
    }
  }
  return centres;
}

/**
 * Pure: each label's centre. A label goes in a gap between rows, where its route crosses the
 * gap's middle: of the gaps it crosses, the one nearest the route's own middle and least taken by
 * the labels before it; labels in one gap are spread apart across the flow. A route that crosses no gap keeps its label at its midpoint.
 */
export function placeLabels(
  nodes: readonly Placed[],
  labels: readonly LabelBox[],
  direction: 'LR' | 'TB',
): ReadonlyMap<string, LayoutPoint> {
  const across = direction === 'TB';
  const gaps = rowGaps(nodes, direction).map(([start, end]) => (start + end) / 2);
  const placed = new Map<string, LayoutPoint>();
  const byGap = new Map<number, { id: string; want: number; size: number }[]>();
  for (const label of labels) {
    const half = routeLength(label.points) / 2;
    let best: { gap: number; point: LayoutPoint; cost: number } | null = null;
    for (const [gap, at] of gaps.entries()) {
      const hit = crossing(label.points, at, across);
      if (!hit) continue;
      // Near the route's middle, and in a gap the pills placed so far leave roomy.
      const load = (byGap.get(gap) ?? []).reduce((sum, item) => sum + item.size + LABEL_GAP, 0);
      const cost = Math.abs(hit.distance - half) + load;
      if (!best || cost < best.cost) best = { gap, point: hit.point, cost };
    }
    if (!best) {
      placed.set(label.id, midpoint(label.points));
      continue;
    }
    const along = across ? best.point.y : best.point.x;
    placed.set(label.id, across ? { x: 0, y: along } : { x: along, y: 0 });
    const row = byGap.get(best.gap) ?? [];
    row.push({
      id: label.id,
      want: across ? best.point.x : best.point.y,
      size: across ? label.width : label.height,
    });
    byGap.set(best.gap, row);
  }
  for (const row of byGap.values()) {
    const centres = spreadApart(row, LABEL_GAP);
    row.forEach((item, k) => {
      const at = placed.get(item.id) as LayoutPoint;
      const spot = centres[k] as number;
      placed.set(item.id, across ? { x: spot, y: at.y } : { x: at.x, y: spot });
    });
  }
  return placed;
}
