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
