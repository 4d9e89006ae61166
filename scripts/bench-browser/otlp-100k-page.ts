/**
 * The page side of `otlp-100k.ts`: functions Playwright sends to the built app's page, so each
 * is self-contained (no imports, no outer names). Times are `performance.now()`.
 */

/** When the open worker's messages reached the page (`window.__benchOpen`), first of each stage. */
export interface OpenWatch {
  /** Stage (`reading`, `parsing`, `opened`, …) → when its message's task began. */
  readonly at: Record<string, number>;
  /** How long reading the `opened` message's data took (its structured clone, deserialised). */
  openedDataMs: number | null;
}

/**
 * An init script: every Worker the app starts is watched for the open worker's messages
 * (`{id, stage}`): when each stage first arrives, and how long the `opened` answer's data takes
 * to read (the listener runs before the app's `onmessage`, so it pays the deserialisation).
 */
export function watchOpenWorker(): void {
  const watch: OpenWatch = { at: {}, openedDataMs: null };
  (window as unknown as { __benchOpen: OpenWatch }).__benchOpen = watch;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event: MessageEvent) => {
        const started = performance.now();
        const data = event.data as { id?: unknown; stage?: unknown } | null;
        if (typeof data?.id !== 'number' || typeof data.stage !== 'string') return;
        watch.at[data.stage] ??= started;
        if (data.stage === 'opened') watch.openedDataMs ??= performance.now() - started;
      });
    }
  };
}

/**
 * Resolves when the library's database holds at least one run record (the opened file, written
 * after its first paint), polling every 100 ms; the time it was seen, or null after `maxMs`.
 * A read transaction waits for a write under way, so "seen" is "written".
 */
export async function waitForKeptRecord(maxMs: number): Promise<number | null> {
  // Never create the database: only the app does (with its schema).
  const exists = async () =>
    (await indexedDB.databases()).some((db) => db.name === 'loopscope-library');
  const count = () =>
    new Promise<number>((resolve) => {
      const request = indexedDB.open('loopscope-library');
      request.onerror = () => resolve(0);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains('records')) {
          db.close();
          resolve(0);
          return;
        }
        const counted = db.transaction('records').objectStore('records').count();
        counted.onsuccess = () => {
          db.close();
          resolve(counted.result);
        };
        counted.onerror = () => {
          db.close();
          resolve(0);
        };
      };
    });
  const since = performance.now();
  while (performance.now() - since < maxMs) {
    if ((await exists()) && (await count()) > 0) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
