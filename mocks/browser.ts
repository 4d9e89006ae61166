/** The mock model in the browser: a service worker forwards matching requests to the handlers. */
import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

export const worker = setupWorker(...handlers);
