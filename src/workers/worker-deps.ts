/**
 * The eval worker's I/O for runs on an endpoint, from the worker's own globals: its fetch (a
 * dedicated worker fetches like its page: same origin, same CORS rules), timers, randomness and
 * clock. The one place in src/workers that reads these globals.
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

/** The HTTP client's I/O in the worker. */
export const workerHttpDeps: HttpDeps = {
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep,
  setTimer: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  random: () => Math.random(),
  now: () => Date.now(),
};

/** Runs on an endpoint take real time. */
export const workerClock: Clock = { now: () => performance.now() };

/** What the eval loop needs to run on an endpoint, in the worker. */
export const workerEndpointIo: EndpointIo = { http: workerHttpDeps, clock: workerClock };
