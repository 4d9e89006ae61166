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
