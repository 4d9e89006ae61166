/** Pure SVG geometry of an edge: a route with rounded corners and its arrowhead. */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Corner radius in px: soft bends without cutting across a short segment. */
const RADIUS = 18;
/** The arrowhead's length and half width in px. */
const ARROW = { length: 8, half: 4.5 } as const;

const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

/** Drops repeated points (dagre repeats the ends of self-loops and short edges). */
function distinct(points: readonly Point[]): Point[] {
  const kept: Point[] = [];
  for (const point of points) {
    const last = kept.at(-1);
    if (!last || distance(last, point) > 0.5) kept.push(point);
  }
  return kept;
}

const toward = (from: Point, to: Point, length: number): Point => {
  const d = distance(from, to) || 1;
  return { x: from.x + ((to.x - from.x) * length) / d, y: from.y + ((to.y - from.y) * length) / d };
};

const format = (point: Point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`;

/**
 * Pure: the SVG path through `points` with rounded corners, stopping short of the last point
 * by the arrowhead's length, and the arrowhead's polygon at the last point. Empty when there is
 * no route.
 */
export function edgePath(points: readonly Point[]): { path: string; arrow: string } {
  const route = distinct(points);
  if (route.length < 2) return { path: '', arrow: '' };
  const tip = route.at(-1) as Point;
  const before = route.at(-2) as Point;
  const base = toward(tip, before, ARROW.length);
  const d = distance(before, tip) || 1;
  const normal = { x: -(tip.y - before.y) / d, y: (tip.x - before.x) / d };
  const arrow = [
    tip,
    { x: base.x + normal.x * ARROW.half, y: base.y + normal.y * ARROW.half },
    { x: base.x - normal.x * ARROW.half, y: base.y - normal.y * ARROW.half },
  ]
    .map(format)
    .join(' ');

  const line = [...route.slice(0, -1), base];
  const parts = [`M${format(line[0] as Point)}`];
  for (let i = 1; i < line.length - 1; i++) {
    const previous = line[i - 1] as Point;
    const corner = line[i] as Point;
    const next = line[i + 1] as Point;
    const radius = Math.min(RADIUS, distance(previous, corner) / 2, distance(corner, next) / 2);
    parts.push(
      `L${format(toward(corner, previous, radius))}`,
      `Q${format(corner)} ${format(toward(corner, next, radius))}`,
    );
  }
  parts.push(`L${format(line.at(-1) as Point)}`);
  return { path: parts.join(' '), arrow };
}
