/**
 * Pure: the phase graph's one tab stop (a roving tabindex). Tab reaches the graph once; the
 * arrow keys move among its phases and transitions, Home and End go to the first and last.
 */

/** An element of the graph by kind and id: `node:gathering`, `edge:reflect-stall`. */
export type FocusKey = `node:${string}` | `edge:${string}`;

/** The keys that move focus inside the graph, and how far. */
const MOVES: Readonly<Record<string, 'next' | 'previous' | 'first' | 'last'>> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  ArrowLeft: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
};

/** Pure: whether this key moves focus within the graph. */
export const movesFocus = (key: string): boolean => key in MOVES;

/**
 * Pure: the element that holds the graph's tab stop: `wanted` while the graph still shows it,
 * else the first element (null for an empty graph).
 */
export function tabStop(order: readonly FocusKey[], wanted: FocusKey | null): FocusKey | null {
  if (wanted !== null && order.includes(wanted)) return wanted;
  return order[0] ?? null;
}

/** Pure: where `key` moves focus from `from` in `order` (wrapping at either end). */
export function moveFocus(order: readonly FocusKey[], from: FocusKey, key: string): FocusKey {
  const move = MOVES[key];
  if (!move || order.length === 0) return from;
  const at = Math.max(0, order.indexOf(from));
  if (move === 'first') return order[0]!;
  if (move === 'last') return order[order.length - 1]!;
  const step = move === 'next' ? 1 : -1;
  return order[(at + step + order.length) % order.length]!;
}
