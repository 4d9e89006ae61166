/**
 * The page side of the huge-trace figures (`huge-trace.ts`): functions Playwright sends to the
 * built app's page, so each is self-contained (no imports, no outer names). Times are
 * `performance.now()`; "painted" is a MessageChannel task posted from the frame's
 * requestAnimationFrame callback, which runs once that frame is drawn.
 */

/** What the page records for one import (`window.__benchImport`). */
export interface ImportProbe {
  changeAt: number | null;
  paintAt: number | null;
}

/**
 * Arms the import probe: the file input's `change` (the file chosen) starts the clock; every
 * frame checks the first useful paint — the timeline's position on the last of `steps` steps,
 * the metrics' LLM calls and a node of the phase graph — and the clock stops once that frame is
 * drawn.
 */
export function armImport(steps: number): void {
  const probe: ImportProbe = { changeAt: null, paintAt: null };
  (window as unknown as { __benchImport: ImportProbe }).__benchImport = probe;
  document.addEventListener(
    'change',
    () => {
      probe.changeAt ??= performance.now();
    },
    { capture: true },
  );
  const calls = `LLM calls: ${steps.toLocaleString('en-US')}`;
  const of = `${steps} of ${steps}`;
  const shown = () =>
    (document.querySelector('section[aria-label="Metrics"]')?.textContent ?? '').includes(calls) &&
    (
      document.querySelector('section[aria-label="Timeline"] [role="status"]')?.textContent ?? ''
    ).includes(of) &&
    document.querySelector('section[aria-label="Phase graph"] .react-flow__node') !== null;
  const frame = () => {
    if (probe.changeAt !== null && shown()) {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        probe.paintAt = performance.now();
      };
      channel.port2.postMessage(0);
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Reads the file in `#bench-json-file` and times `JSON.parse` of its text alone: the median of `tries`. */
export async function timeJsonParse(tries: number): Promise<number> {
  const input = document.querySelector<HTMLInputElement>('#bench-json-file');
  const file = input?.files?.[0];
  if (!input || !file) throw new Error('the bench file input holds no file');
  const text = await file.text();
  const times: number[] = [];
  let keep: unknown = null;
  for (let i = 0; i < tries; i++) {
    const started = performance.now();
    keep = JSON.parse(text);
    times.push(performance.now() - started);
  }
  if (keep === null) throw new Error('the file parsed to null');
  input.remove();
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/**
 * Selects `count` steps one after another, alternating the ArrowLeft key on the focused strip and
 * a click on the cell before the selected one; each at the start of a frame (in its
 * requestAnimationFrame callback), timed until the end of the first frame drawn with the
 * timeline's position changed. The times, in ms.
 */
export async function timeStepSelections(count: number): Promise<number[]> {
  const strip = document.querySelector<HTMLElement>(
    'section[aria-label="Timeline"] [role="listbox"][aria-label="Steps"]',
  );
  const status = document.querySelector('section[aria-label="Timeline"] [role="status"]');
  if (!strip || !status) throw new Error('the timeline strip or its position is missing');
  strip.focus();
  const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const drawn = () =>
    new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
  const selected = () =>
    Number(strip.querySelector('[aria-selected="true"]')?.getAttribute('data-index') ?? NaN);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await frame();
    await drawn();
    const before = status.textContent;
    const target = selected() - 1;
    let started = 0;
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        started = performance.now();
        const cell = strip.querySelector<HTMLElement>(`[data-index="${target}"]`);
        if (i % 2 === 1 && cell) cell.click();
        else
          strip.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }),
          );
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
  return times;
}

/**
 * Whether the library's IndexedDB lists a run of `steps` steps (its summary written): the
 * opened file's run is kept. Opens the database without a version (the app's), reads, closes.
 */
export function runKept(steps: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = indexedDB.open('loopscope-library');
    request.onerror = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('summaries')) {
        db.close();
        return resolve(false);
      }
      const all = db.transaction('summaries').objectStore('summaries').getAll();
      all.onerror = () => {
        db.close();
        resolve(false);
      };
      all.onsuccess = () => {
        db.close();
        resolve((all.result as { steps?: number }[]).some((row) => row.steps === steps));
      };
    };
  });
}

/** The longest `longtask` (ms) the page's probe saw start at or after `from`; 0 when none. */
export function longestTaskFrom(from: number): number {
  const { tasks } = (
    window as unknown as { __benchProbe: { tasks: { start: number; end: number }[] } }
  ).__benchProbe;
  return Math.max(
    0,
    ...tasks.filter((task) => task.start >= from).map((task) => task.end - task.start),
  );
}
