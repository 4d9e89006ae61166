/**
 * The global scope's I/O, for a page or a worker alike: fetch (a dedicated worker fetches like
 * its page: same origin, same CORS rules), timers, randomness and the real clock. The one place
 * that reads these globals for the engine: the app's browser deps and the eval worker use it.
 */
import type { Clock, HttpDeps } from '../engine';
import type { EndpointIo } from './eval-endpoint';

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

/** The HTTP client's I/O from the global scope (in the page, the mock's service worker may answer). */
export const globalHttpDeps: HttpDeps = {
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep,
  setTimer: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  random: () => Math.random(),
  now: () => Date.now(),
};

/** Real time, for runs that take it (the app's, and the worker's on an endpoint). */
export const realClock: Clock = { now: () => performance.now() };

/** What the eval loop needs to run on an endpoint, in the worker. */
export const workerEndpointIo: EndpointIo = { http: globalHttpDeps, clock: realClock };
