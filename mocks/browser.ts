/**
 * The mock model in the browser: a service worker forwards matching requests to the handlers.
 * The page loads this module when it starts the mock (src/app/mock-worker.ts), after its first
 * paint: msw and its cookie store are a chunk of their own.
 */
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export { setMockSpeed, setMockTokenCounter } from './handlers';

export const worker = setupWorker(...handlers);
