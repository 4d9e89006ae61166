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

/** One selection's times, ms from the input. */
export interface SelectionTimes {
  /** To the end of the first frame drawn with the timeline's position changed. */
  readonly shown: number;
  /** To the end of the first frame whose decision record and phase graph show the step too. */
  readonly settled: number;
}

/**
 * Selects `count` steps one after another, alternating the ArrowLeft key on the focused strip and
 * a click on the cell before the selected one; each at the start of a frame (in its
 * requestAnimationFrame callback). Each is timed to the end of the first frame drawn with the
 * timeline's position changed (`shown`), and on to the end of the first frame whose decision
 * record heads "Step N" and whose phase graph tags its current node "step N" (`settled`): a view
 * that renders after the selection's own frame shows in the second figure, not the first.
 *
 * A frame's end is a MessageChannel task posted from that frame's requestAnimationFrame callback
 * before anything else runs in it (for the selection's frame, before the input is sent): a task
 * the input queues (a background render, an effect) runs after it, so it is not counted in the
 * frame's figure (earlier versions posted it after the input, counting such tasks' first slice).
 * Each selection's `shown` span is also a user-timing measure, `select-<i>`.
 */
export async function timeStepSelections(count: number): Promise<SelectionTimes[]> {
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
  /** The end of the next frame drawn. */
  const nextFrameEnd = () =>
    new Promise<void>((resolve) => requestAnimationFrame(() => void drawn().then(resolve)));
  const selected = () =>
    Number(strip.querySelector('[aria-selected="true"]')?.getAttribute('data-index') ?? NaN);
  const settledOn = (step: number) =>
    document.querySelector('section[aria-label="Decision record"] h2')?.textContent ===
      `Step ${step}` &&
    (
      document.querySelector(
        'section[aria-label="Phase graph"] .react-flow__node[data-current="true"]',
      )?.textContent ?? ''
    ).includes(`step ${step}`);
  /** Frames a view may take to follow (a second at 60 frames a second): then the bench says so. */
  const MAX_FRAMES = 60;
  const times: SelectionTimes[] = [];
  for (let i = 0; i < count; i++) {
    await frame();
    await drawn();
    const before = status.textContent;
    const target = selected() - 1;
    let started = 0;
    let frameEnd: Promise<void> = Promise.resolve();
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        started = performance.now();
        frameEnd = drawn();
        const cell = strip.querySelector<HTMLElement>(`[data-index="${target}"]`);
        if (i % 2 === 1 && cell) cell.click();
        else
          strip.dispatchEvent(
            new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }),
          );
        resolve();
      }),
    );
    await frameEnd;
    for (let frames = 0; status.textContent === before; frames++) {
      if (frames > MAX_FRAMES) throw new Error(`the timeline did not move to step ${target}`);
      await nextFrameEnd();
    }
    const shown = performance.now() - started;
    // A user-timing measure of the selection's frame, for a Chromium trace (`select-profile.ts`).
    performance.measure(`select-${i}`, { start: started, end: started + shown });
    for (let frames = 0; !settledOn(target); frames++) {
      if (frames > MAX_FRAMES)
        throw new Error(`the decision record or the phase graph did not show step ${target}`);
      await nextFrameEnd();
    }
    times.push({ shown, settled: performance.now() - started });
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
