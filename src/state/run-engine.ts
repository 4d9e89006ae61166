/**
 * The engine's run code — the loop, the tools (minisearch), the models (the OpenAI client, the
 * scripted and simulated models) — loaded when first needed, not with the page: the first paint
 * shows a scenario and an enabled Run button without it. `loadRunEngine` starts the load or joins
 * the one under way; the app starts it when idle and when Run is pointed at or focused, and a run
 * waits for it (the run store shows the run as started meanwhile). A load that failed (the
 * network) is tried again by the next call.
 */
export type RunEngine = typeof import('./run-engine-parts');

let loading: Promise<RunEngine> | null = null;

/** The run code, loaded once (a failed load is retried by the next call). */
export function loadRunEngine(): Promise<RunEngine> {
  loading ??= import('./run-engine-parts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
