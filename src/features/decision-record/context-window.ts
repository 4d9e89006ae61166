/**
 * Which of a call's messages the Context tab draws: all of them up to a few hundred; past that
 * the opening ones (the system prompt and the task), the new part and the few before it, and as
 * many more earlier ones as the reader asked for. A 100,000-step ReAct run sends 100,000
 * messages with its last call; drawing them all would freeze the tab.
 */

/** Calls with at most this many messages show every one. */
export const SHOW_ALL_UP_TO = 300;
/** The opening messages always shown (the system prompt and the first user message). */
export const HEAD = 2;
/** Messages shown before the new part, at least. */
export const TAIL = 60;
/** How many more earlier messages one "Show earlier" press adds. */
export const MORE = 200;

export interface ContextWindow {
  /** Messages [0, head) are drawn, then a gap of `hidden`, then [from, total). */
  readonly head: number;
  readonly from: number;
  readonly hidden: number;
}

/**
 * Pure: the window over `total` messages whose new part starts at `newFrom`, with `more`
 * earlier messages revealed. Everything new is always drawn.
 */
export function contextWindow(total: number, newFrom: number, more: number): ContextWindow {
  if (total <= SHOW_ALL_UP_TO) return { head: total, from: total, hidden: 0 };
  const start = Math.min(Math.max(0, newFrom), total) - TAIL - Math.max(0, more);
  const from = Math.max(HEAD, Math.min(start, total - TAIL - Math.max(0, more)));
  return { head: HEAD, from, hidden: from - HEAD };
}
