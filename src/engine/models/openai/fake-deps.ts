/**
 * Fake I/O for the client's tests: a sleep that records its waits and returns at once, timers a
 * test fires by hand, seeded randomness, and a fetch wrapper that reports cancelled bodies.
 */
import type { HttpDeps } from './types';

/** A timer the client set: a test fires it by hand. */
export interface FakeTimer {
  readonly ms: number;
  readonly fire: () => void;
  active: boolean;
}

/** Deps with a sleep that records waits and resolves at once, triggerable timers, seeded randomness. */
export function fakeDeps(fetch: HttpDeps['fetch'], extra: Partial<HttpDeps> = {}) {
  const waits: number[] = [];
  const timers: FakeTimer[] = [];
  let seed = 42;
  const deps: HttpDeps = {
    fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
    setTimer: (ms, callback) => {
      const timer: FakeTimer = {
        ms,
        active: true,
        fire: () => {
          if (!timer.active) return;
          timer.active = false;
          callback();
        },
      };
      timers.push(timer);
      return () => {
        timer.active = false;
      };
    },
    random: () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    },
    idleTimeoutMs: 90_000,
    firstByteTimeoutMs: 60_000,
    ...extra,
  };
  /** Fires the active timer set for `ms` (the idle watchdog or the first-byte limit). */
  const fire = (ms: number): boolean => {
    const timer = timers.find((t) => t.active && t.ms === ms);
    timer?.fire();
    return timer !== undefined;
  };
  return { deps, waits, timers, fire };
}

/**
 * Wraps a fetch so each response body reports whether the client cancelled it (MSW's own body
 * does not pass a cancel back to the handler's stream).
 */
export function cancelSpy(fetch: HttpDeps['fetch']) {
  let cancelled = 0;
  const spied: HttpDeps['fetch'] = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel(reason) {
        cancelled++;
        reader.cancel(reason).catch(() => undefined);
      },
    });
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  };
  return { fetch: spied, cancelled: () => cancelled };
}
