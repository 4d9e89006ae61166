/**
 * Pure geometry of a row or column of resizable panes: each pane's share of the group in percent
 * (they add up to 100), the limits a pane keeps (in px or %), and what dragging or pressing an
 * arrow key on the separator between two panes does to the shares. Nothing here knows the DOM.
 */

/** A length as the panes give it: a number is percent of the group, `'220px'` is pixels. */
export type PaneLength = number | `${number}px`;

export interface PaneSpec {
  readonly id: string;
  /** Its share when nothing was saved; panes without one share what the others leave. */
  readonly defaultSize?: PaneLength;
  readonly minSize?: PaneLength;
  readonly maxSize?: PaneLength;
  /** It may shrink to nothing (dragged below half its minimum, or told to collapse). */
  readonly collapsible?: boolean;
}

/** The shares as kept: every pane's expanded share, and which panes are collapsed. */
export interface SplitLayout {
  readonly sizes: readonly number[];
  readonly collapsed: readonly string[];
}

/** Pure: `length` in percent of a group `groupPx` long. */
export function percentOf(length: PaneLength, groupPx: number): number {
  if (typeof length === 'number') return length;
  return groupPx > 0 ? (Number.parseFloat(length) / groupPx) * 100 : 0;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Pure: the shares nothing was saved for: the defaults, the rest shared by panes without one. */
export function defaultLayout(panes: readonly PaneSpec[], groupPx: number): SplitLayout {
  const given = panes.map((pane) =>
    pane.defaultSize === undefined ? null : percentOf(pane.defaultSize, groupPx),
  );
  const free = Math.max(0, 100 - sum(given.filter((size) => size !== null)));
  const open = given.filter((size) => size === null).length;
  const sizes = given.map((size) => size ?? (open > 0 ? free / open : 0));
  return { sizes: normalised(sizes), collapsed: [] };
}

function normalised(sizes: readonly number[]): number[] {
  const total = sum(sizes);
  return total > 0
    ? sizes.map((size) => (size / total) * 100)
    : sizes.map(() => 100 / sizes.length);
}

/** Pure: a kept layout read back; null when it is not one for these panes (the defaults then). */
export function readLayout(text: string | null, panes: readonly PaneSpec[]): SplitLayout | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { sizes, collapsed } = value as Record<string, unknown>;
    if (!Array.isArray(sizes) || sizes.length !== panes.length) return null;
    if (!sizes.every((size) => typeof size === 'number' && Number.isFinite(size) && size >= 0)) {
      return null;
    }
    const ids = new Set(panes.filter((pane) => pane.collapsible).map((pane) => pane.id));
    const folded = Array.isArray(collapsed)
      ? collapsed.filter((id): id is string => typeof id === 'string' && ids.has(id))
      : [];
    return { sizes: normalised(sizes as number[]), collapsed: folded };
  } catch {
    return null;
  }
}

/** Pure: the shares shown: a collapsed pane's share goes to its neighbour (the next, else the one before). */
export function shownSizes(panes: readonly PaneSpec[], layout: SplitLayout): number[] {
  const shown = [...layout.sizes];
  panes.forEach((pane, index) => {
    if (!layout.collapsed.includes(pane.id)) return;
    const neighbour = index + 1 < panes.length ? index + 1 : index - 1;
    if (neighbour >= 0) shown[neighbour] = (shown[neighbour] ?? 0) + (shown[index] ?? 0);
    shown[index] = 0;
  });
  return shown;
}

const limitsOf = (pane: PaneSpec, groupPx: number) => ({
  min: pane.minSize === undefined ? 0 : percentOf(pane.minSize, groupPx),
  max: pane.maxSize === undefined ? 100 : percentOf(pane.maxSize, groupPx),
});

/**
 * Pure: the separator after pane `index` moved by `deltaPercent` (towards the end when positive):
 * pane `index` grows by it and pane `index + 1` shrinks, each within its limits. A collapsible pane
 * moved below half its minimum collapses (keeping its share for when it opens); a collapsed one
 * moved past that opens, at least at its minimum.
 */
export function moveSeparator(
  panes: readonly PaneSpec[],
  layout: SplitLayout,
  index: number,
  deltaPercent: number,
  groupPx: number,
): SplitLayout {
  const before = panes[index];
  const after = panes[index + 1];
  if (!before || !after) return layout;
  const shown = shownSizes(panes, layout);
  const pairTotal = (shown[index] ?? 0) + (shown[index + 1] ?? 0);
  const a = limitsOf(before, groupPx);
  const b = limitsOf(after, groupPx);
  const wanted = (shown[index] ?? 0) + deltaPercent;
  const kept = new Map(layout.collapsed.map((id) => [id, layout.sizes[indexOf(panes, id)] ?? 0]));
  if (before.collapsible && wanted < a.min / 2) {
    if (!kept.has(before.id)) kept.set(before.id, shown[index] ?? a.min);
    shown[index] = 0;
    shown[index + 1] = pairTotal;
  } else {
    kept.delete(before.id);
    const size = Math.min(Math.max(wanted, a.min, pairTotal - b.max), a.max, pairTotal - b.min);
    shown[index] = Math.max(0, size);
    shown[index + 1] = Math.max(0, pairTotal - shown[index]);
  }
  return keptFrom(panes, shown, kept);
}

const indexOf = (panes: readonly PaneSpec[], id: string) =>
  panes.findIndex((pane) => pane.id === id);

/** Pure: shown shares back into kept ones: each collapsed pane takes its share back from its neighbour. */
function keptFrom(
  panes: readonly PaneSpec[],
  shown: readonly number[],
  kept: ReadonlyMap<string, number>,
): SplitLayout {
  const sizes = [...shown];
  for (const [id, share] of kept) {
    const at = indexOf(panes, id);
    const neighbour = at + 1 < panes.length ? at + 1 : at - 1;
    sizes[at] = share;
    if (neighbour >= 0) sizes[neighbour] = Math.max(0, (sizes[neighbour] ?? 0) - share);
  }
  return { sizes: normalised(sizes), collapsed: [...kept.keys()] };
}

/** Pure: pane `id` collapsed or opened again at its kept share (at least its minimum). */
export function setCollapsed(
  panes: readonly PaneSpec[],
  layout: SplitLayout,
  id: string,
  collapse: boolean,
  groupPx: number,
): SplitLayout {
  const index = panes.findIndex((pane) => pane.id === id);
  const pane = panes[index];
  if (!pane?.collapsible || layout.collapsed.includes(id) === collapse) return layout;
  if (collapse) return { sizes: layout.sizes, collapsed: [...layout.collapsed, id] };
  const sizes = [...layout.sizes];
  sizes[index] = Math.max(sizes[index] ?? 0, limitsOf(pane, groupPx).min);
  return { sizes: normalised(sizes), collapsed: layout.collapsed.filter((one) => one !== id) };
}
