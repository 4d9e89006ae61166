import type { ConsoleMessage, Page, Request, Worker } from '@playwright/test';
import { test as base } from './support';

/**
 * Searching for an API key where it must not be: what the page's origin keeps, every console and
 * every request. `test` is the suite's `test` with `keySeen`, which watches from the test's start:
 *
 * - the console of the page, of its Web Workers (the eval matrix calls an endpoint from one) and
 *   of its service worker (the mock model's). Playwright 1.65 passes a Web Worker's messages to
 *   `page.on('console')`, but a service worker's only to a listener on that worker or the context;
 * - every request of the context: the page's, its Web Workers' and the service worker's own.
 */

export interface KeySeen {
  /** Every console message so far: the page's, its Web Workers' and its service worker's. */
  readonly console: string[];
  /** Every request so far: the page's, its Web Workers' and its service worker's own. */
  readonly requests: Request[];
}

export const test = base.extend<{ keySeen: KeySeen }>({
  keySeen: async ({ page }, provide) => {
    const seen: KeySeen = { console: [], requests: [] };
    const context = page.context();
    const onConsole = (message: ConsoleMessage) => seen.console.push(message.text());
    const onRequest = (request: Request) => seen.requests.push(request);
    const serviceWorkers = new Set<Worker>();
    const onServiceWorker = (worker: Worker) => {
      if (serviceWorkers.has(worker)) return;
      serviceWorkers.add(worker);
      worker.on('console', onConsole);
    };
    page.on('console', onConsole);
    for (const worker of context.serviceWorkers()) onServiceWorker(worker);
    context.on('serviceworker', onServiceWorker);
    context.on('request', onRequest);
    await provide(seen);
    // The listeners go with the test: the kept context outlives it.
    page.off('console', onConsole);
    for (const worker of serviceWorkers) worker.off('console', onConsole);
    context.off('serviceworker', onServiceWorker);
    context.off('request', onRequest);
  },
});

/**
 * How the requests carried `key`: `bearer`, how many sent it as `Authorization: Bearer <key>`;
 * `elsewhere`, one line for each other place a request held it (its URL, its body, another
 * header, or an Authorization header of another form).
 */
export async function keyInRequests(
  requests: readonly Request[],
  key: string,
): Promise<{ bearer: number; elsewhere: string[] }> {
  let bearer = 0;
  const elsewhere: string[] = [];
  for (const request of requests) {
    const where = `${request.method()} ${request.url()}`;
    if (request.url().includes(key)) elsewhere.push(`${where}: its URL`);
    if (request.postDataBuffer()?.toString('utf8').includes(key))
      elsewhere.push(`${where}: its body`);
    for (const [name, value] of Object.entries(request.headers())) {
      if (!value.includes(key)) continue;
      if (name === 'authorization' && value === `Bearer ${key}`) bearer++;
      else elsewhere.push(`${where}: its ${name} header`);
    }
  }
  return { bearer, elsewhere };
}

/**
 * What the page's origin keeps, one JSON text for each place: localStorage, sessionStorage (but
 * the entries whose names match `sessionLeftOut`), every store of every IndexedDB database, every entry of Cache
 * Storage (its URL, headers and body; the service worker's, which shares the origin, included),
 * and the context's cookies.
 */
export async function keptText(page: Page, sessionLeftOut?: RegExp): Promise<[string, string][]> {
  const origin = await page.evaluate(async (leftOut) => {
    const session = Object.entries({ ...sessionStorage }).filter(
      ([name]) => !(leftOut !== null && new RegExp(leftOut).test(name)),
    );
    const indexed: Record<string, unknown> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        indexed[`${name}/${store}`] = await new Promise((resolve, reject) => {
          const reading = db.transaction(store).objectStore(store).getAll();
          reading.onsuccess = () => resolve(reading.result);
          reading.onerror = () => reject(reading.error);
        });
      }
      db.close();
    }
    const cached: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        cached.push(name, request.url, JSON.stringify([...request.headers]));
        if (response) cached.push(JSON.stringify([...response.headers]), await response.text());
      }
    }
    return {
      localStorage: JSON.stringify({ ...localStorage }),
      sessionStorage: JSON.stringify(session),
      IndexedDB: JSON.stringify(indexed),
      'Cache Storage': JSON.stringify(cached),
    };
  }, sessionLeftOut?.source ?? null);
  const cookies = JSON.stringify(await page.context().cookies());
  return [...Object.entries(origin), ['cookies', cookies]];
}
