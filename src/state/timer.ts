/**
 * The timer a store schedules on: `globalTimer` in the app (the browser's), a test's own where
 * the test says when time passes.
 */
export interface Timer {
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}

/** The global timer (the browser's; Node's under a test). */
export const globalTimer: Timer = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
