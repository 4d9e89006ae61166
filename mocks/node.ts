/** The mock model in Node (Vitest): `server.listen({onUnhandledRequest: 'error'})` in a test file. */
import { setupServer } from 'msw/node';
import type { HttpDeps } from '../src/engine';
import { handlers } from './handlers';

export const server = setupServer(...handlers);

/** Where tests reach the mock (Node needs absolute URLs). */
export const MOCK_BASE_URL = 'http://loopscope.test/mock/v1';

/** The HTTP client's I/O in Node: the global fetch (which MSW intercepts) and real timers. */
export const nodeHttpDeps: HttpDeps = {
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  setTimer: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    return () => clearTimeout(timer);
  },
  random: () => 0.5,
  now: () => Date.now(),
};
