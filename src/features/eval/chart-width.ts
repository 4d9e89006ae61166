/**
 * The charts' area width: one ResizeObserver on the results column (mounted with the view, so
 * the width is known before the rows arrive and the charts render with the table in one
 * commit). The charts read it with `useSyncExternalStore`; a resize re-renders them alone.
 */

export interface WidthSource {
  /** The observed content-box width in whole px; 0 until the first observation. */
  readonly get: () => number;
  readonly subscribe: (listener: () => void) => () => void;
  /** Starts observing `element`; returns the cleanup (disconnects the observer). */
  readonly observe: (element: Element) => () => void;
}

/** Makes an unobserved width source (0 until `observe`). */
export function createWidthSource(): WidthSource {
  let width = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => width,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    observe: (element) => {
      const observer = new ResizeObserver((entries) => {
        const next = Math.floor(entries.at(-1)?.contentRect.width ?? 0);
        if (next === width) return;
        width = next;
        for (const listener of listeners) listener();
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
  };
}
