/**
 * The mock model's service worker (MSW): started before the first render, stopped while a real
 * endpoint is in use (real requests should not pass through it), started again for the built-in
 * model. Where service workers are unavailable (a non-secure origin such as a LAN IP over http),
 * the app falls back to the in-process simulated model.
 */
import { worker } from '../../mocks/browser';

export type MockTransport = 'wire' | 'in-process';

/** Starts and stops run one after another, so a quick switch back and forth stays in order. */
let queue: Promise<void> = Promise.resolve();
let running = false;

/** Service workers need a secure context (https, localhost, 127.0.0.0/8). */
export function serviceWorkersAvailable(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && !!navigator.serviceWorker;
}

function enqueue(task: () => Promise<void> | void): Promise<void> {
  queue = queue.catch(() => undefined).then(task);
  return queue;
}

/** Starts the mock (a no-op while it runs); resolves once it answers requests. */
export function startMockWorker(): Promise<void> {
  return enqueue(async () => {
    if (running) return;
    await worker.start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
      onUnhandledRequest: 'bypass',
      quiet: import.meta.env.PROD,
    });
    running = true;
  });
}

/** Stops the mock: requests go to the network untouched. */
export function stopMockWorker(): Promise<void> {
  return enqueue(() => {
    if (!running) return;
    worker.stop();
    running = false;
  });
}

/** Resolves when the last start or stop has finished (rejects if that start failed). */
export function mockWorkerSettled(): Promise<void> {
  return queue;
}

/**
 * Starts the mock for the first render and says how the built-in model will be served:
 * over the OpenAI wire through the worker, or in-process when the worker cannot run.
 */
export async function startMockModel(): Promise<MockTransport> {
  let transport: MockTransport = 'in-process';
  if (serviceWorkersAvailable()) {
    try {
      await startMockWorker();
      transport = 'wire';
    } catch (error) {
      console.warn('Loopscope: the mock model could not start; using it in-process.', error);
    }
  }
  document.documentElement.dataset['mockReady'] = '1';
  document.documentElement.dataset['mockTransport'] = transport;
  return transport;
}
