/**
 * The mock model's service worker (MSW): started before the first render, stopped while a real
 * endpoint is in use (real requests should not pass through it), started again for the built-in
 * model. The worker stays registered after its last page closes (`public/mock-model-worker.js`
 * says why). Where service workers are unavailable (a non-secure origin such as a LAN IP over http),
 * the app falls back to the in-process simulated model. msw is loaded when the mock first starts
 * (`import()`, a chunk of its own), so it is not part of the page's first load; the first render
 * does not wait for it (a run's first call does: the model chooser's `mockReady`).
 */
import type { TokenCounter } from '../engine';

type MockModule = typeof import('../../mocks/browser');

/** The mock's settings, applied when it loads and whenever they change after. */
const settings: { speed: number; tokens: TokenCounter | null } = { speed: 1, tokens: null };
let loading: Promise<MockModule> | null = null;

function apply(mock: MockModule): MockModule {
  mock.setMockSpeed(settings.speed);
  if (settings.tokens) mock.setMockTokenCounter(settings.tokens);
  return mock;
}

/** Loads msw and the handlers once (a failed load is tried again by the next start). */
function loadMock(): Promise<MockModule> {
  loading ??= import('../../mocks/browser').then(apply, (error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** How fast the mock streams (see `setMockSpeed`); kept until the mock loads. */
export function setMockSpeedSoon(speed: number): void {
  settings.speed = speed;
  void loading?.then(apply).catch(() => undefined);
}

/** The counter the mock's handlers count with (the page's token worker); kept until it loads. */
export function setMockTokens(tokens: TokenCounter): void {
  settings.tokens = tokens;
  void loading?.then(apply).catch(() => undefined);
}

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
    const { worker } = await loadMock();
    await worker.start({
      serviceWorker: { url: `${import.meta.env.BASE_URL}mock-model-worker.js` },
      onUnhandledRequest: 'bypass',
      quiet: import.meta.env.PROD,
    });
    running = true;
  });
}

/** Stops the mock: requests go to the network untouched. */
export function stopMockWorker(): Promise<void> {
  return enqueue(async () => {
    if (!running) return;
    const { worker } = await loadMock();
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
