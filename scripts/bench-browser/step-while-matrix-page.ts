/**
 * The page side of `step-while-matrix.ts`: functions Playwright sends to the built app's page, so
 * each is self-contained (no imports, no outer names).
 */

/** What the page records of the eval worker's messages (`window.__benchEval`). */
export interface EvalWatch {
  /** The first `progress` message's time; null before. */
  progressAt: number | null;
  /** The `end` message's time (every run done, its rows sent); null before. */
  endAt: number | null;
}

/**
 * An init script: every Worker the app starts is watched for the eval worker's `progress` and
 * `end` messages (`{type, runId}`), so the page knows when the matrix ends while another view is
 * shown (the eval view, which says so, is not mounted then).
 */
export function watchEvalWorker(): void {
  const watch: EvalWatch = { progressAt: null, endAt: null };
  (window as unknown as { __benchEval: EvalWatch }).__benchEval = watch;
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event: MessageEvent) => {
        const data = event.data as { type?: unknown; runId?: unknown } | null;
        if (typeof data?.runId !== 'number') return;
        if (data.type === 'progress') watch.progressAt ??= performance.now();
        if (data.type === 'end') watch.endAt = performance.now();
      });
    }
  };
}

/** One stepping session: when it started and ended, when the matrix ended, each step's time. */
export interface SteppingReadout {
  readonly startedAt: number;
  readonly endedAt: number;
  readonly matrixEndAt: number | null;
  readonly times: readonly number[];
}

/**
 * Steps through the shown run with the arrow keys on the timeline's strip, one step a frame or
 * so (each key sent at the start of a frame, timed to the end of the first frame that shows the
 * new position), back from the last step and forward again from the first, until `tailMs` after
 * the eval worker's `end` (the rows and the kept runs' traces reach the page then) or `maxMs`.
 */
export async function stepUntilMatrixEnds({
  tailMs,
  maxMs,
}: {
  readonly tailMs: number;
  readonly maxMs: number;
}): Promise<SteppingReadout> {
  const strip = document.querySelector<HTMLElement>(
    'section[aria-label="Timeline"] [role="listbox"][aria-label="Steps"]',
  );
  const status = document.querySelector('section[aria-label="Timeline"] [role="status"]');
  const watch = (window as unknown as { __benchEval: { endAt: number | null } }).__benchEval;
  if (!strip || !status) throw new Error('the timeline strip or its position is missing');
  strip.focus();
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const drawn = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  const startedAt = performance.now();
  const times: number[] = [];
  let key = 'ArrowLeft';
  for (;;) {
    const now = performance.now();
    if (watch.endAt !== null && now > watch.endAt + tailMs) break;
    if (now - startedAt > maxMs) break;
    await frame();
    await drawn();
    const before = status.textContent ?? '';
    // "Step 0 · 1 of 1000 · …" turns back; "Step 999 · 1000 of 1000 · …" too.
    if (before.startsWith('Step 0 ')) key = 'ArrowRight';
    else if (/· (\d+) of \1\b/.test(before)) key = 'ArrowLeft';
    let started = 0;
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        started = performance.now();
        strip.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        resolve();
      }),
    );
    for (;;) {
      await drawn();
      if (status.textContent !== before) break;
      await frame();
    }
    times.push(performance.now() - started);
  }
  return { startedAt, endedAt: performance.now(), matrixEndAt: watch.endAt, times };
}
