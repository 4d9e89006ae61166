/** The browser's I/O for the engine and the stores: the one place that reads these globals. */
import type { Clock } from '../engine';
import type { HttpDeps } from '../engine';
import { createMemoryStorage, type KeyValueStorage } from '../state';

/** Waits `ms`; resolves early when `signal` aborts (the client checks the signal after). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** The HTTP client's I/O: the page's fetch (which the mock's service worker may answer). */
export const browserHttpDeps: HttpDeps = {
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep,
  setTimer: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  random: () => Math.random(),
  now: () => Date.now(),
};

/** Runs in the browser take real time. */
export const browserClock: Clock = { now: () => performance.now() };

/** `localStorage` / `sessionStorage`, or memory when the browser refuses them (privacy modes). */
export function webStorage(kind: 'local' | 'session'): KeyValueStorage {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = 'loopscope.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
