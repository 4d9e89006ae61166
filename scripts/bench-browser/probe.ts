/**
 * The page-side probe: every `longtask`, the gaps between animation frames, the Run matrix click,
 * the progress reports and the rows' arrival, in `performance.now()` times; and reading it back.
 */
import type { Page } from '@playwright/test';
import { QUIET_MS, SETTLE_MAX_MS } from './common';

/** A stretch of page time: a long task or a gap between two frames. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A Long Animation Frame (over 50 ms) and the scripts that ran in it, longest first. */
export interface LongFrame extends Span {
  /** `invoker` (what called it: `Worker.onmessage`, `IDBRequest.onsuccess`…), the function, ms. */
  readonly scripts: readonly {
    readonly invoker: string;
    readonly fn: string;
    readonly ms: number;
  }[];
}

/** A progress report: when, and how many runs were done. */
export interface Progress {
  readonly at: number;
  readonly done: number;
}

/** What the page's probe records; `performance.now()` times. */
interface Probe {
  /** Every `longtask` since the page started (over 50 ms each). */
  tasks: Span[];
  /** Gaps between animation frames since `arm()`. */
  gaps: Span[];
  /** Every `long-animation-frame` since the page started (where Chromium has the API). */
  frames: LongFrame[];
  clickAt: number | null;
  doneAt: number | null;
  doneText: string;
  firstProgress: Progress | null;
  lastProgress: Progress | null;
  lastTaskEnd: number;
  framing: boolean;
  arm(): void;
}

/** The probe as the page holds it (functions sent to the page repeat this cast: they are serialised). */
export type ProbeWindow = Window & { __benchProbe: Probe };

/**
 * The page's probe, installed before any app script: a buffered `longtask` observer from the
 * start, and on `arm()` a click listener (the Run matrix click starts the clock), watches on the
 * progress bar and on the results' status line (its "Done:" marks the rows' arrival: the store
 * sets status and rows together, so they commit in the same task) and a requestAnimationFrame
 * gap monitor.
 */
export function installProbe(): void {
  const probe: Probe = {
    tasks: [],
    gaps: [],
    frames: [],
    clickAt: null,
    doneAt: null,
    doneText: '',
    firstProgress: null,
    lastProgress: null,
    lastTaskEnd: 0,
    framing: false,
    arm(): void {
      document.addEventListener(
        'click',
        (event) => {
          const button = (event.target as Element | null)?.closest('button');
          if (probe.clickAt === null && button?.textContent?.trim() === 'Run matrix')
            probe.clickAt = performance.now();
        },
        { capture: true },
      );
      const status = document.querySelector('section[aria-label="Matrix results"] [role="status"]');
      const bar = document.querySelector('[role="progressbar"][aria-label="Matrix progress"]');
      if (!status || !bar) throw new Error('the status line or the progress bar is missing');
      new MutationObserver(() => {
        const text = status.textContent ?? '';
        if (probe.doneAt === null && /^(Done|Cancelled)/.test(text)) {
          probe.doneAt = performance.now();
          probe.doneText = text;
        }
      }).observe(status, { childList: true, characterData: true, subtree: true });
      new MutationObserver(() => {
        const done = Number(bar.getAttribute('aria-valuenow'));
        if (probe.clickAt === null || probe.doneAt !== null || !(done > 0)) return;
        const at = performance.now();
        probe.firstProgress ??= { at, done };
        probe.lastProgress = { at, done };
      }).observe(bar, { attributes: true, attributeFilter: ['aria-valuenow'] });
      probe.framing = true;
      let last = performance.now();
      const frame = (now: number) => {
        probe.gaps.push({ start: last, end: now });
        last = now;
        if (probe.framing) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const end = entry.startTime + entry.duration;
      probe.tasks.push({ start: entry.startTime, end });
      probe.lastTaskEnd = Math.max(probe.lastTaskEnd, end);
    }
  }).observe({ type: 'longtask', buffered: true });
  interface ScriptTiming {
    readonly invoker: string;
    readonly sourceFunctionName: string;
    readonly sourceCharPosition: number;
    readonly duration: number;
  }
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = ((entry as unknown as { scripts: ScriptTiming[] }).scripts ?? [])
          .map((script) => ({
            invoker: script.invoker,
            fn: `${script.sourceFunctionName || '?'}@${script.sourceCharPosition}`,
            ms: Math.round(script.duration),
          }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 4);
        probe.frames.push({
          start: entry.startTime,
          end: entry.startTime + entry.duration,
          scripts,
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  }
  (window as unknown as ProbeWindow).__benchProbe = probe;
}

/** The probe's record of one matrix, read back once the page has settled. */
export interface Readout {
  readonly clickAt: number;
  readonly doneAt: number;
  readonly doneText: string;
  readonly firstProgress: Progress | null;
  readonly lastProgress: Progress | null;
  readonly settledAt: number;
  readonly tasks: readonly Span[];
  readonly gaps: readonly Span[];
  readonly frames: readonly LongFrame[];
}

/** Arms the page's probe: from here it watches for the click, the progress and the rows. */
export async function armProbe(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as ProbeWindow).__benchProbe.arm());
}

/** Resolves when the page's probe has seen the status line say Done or Cancelled. */
export async function waitForDone(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as ProbeWindow).__benchProbe.doneAt !== null,
    null,
    { timeout: timeoutMs, polling: 100 },
  );
}

/** Waits for QUIET_MS without a long task (SETTLE_MAX_MS at most), stops the frames, reads the probe. */
export function settledReadout(page: Page): Promise<Readout> {
  return page.evaluate(
    async ([quietMs, maxMs]): Promise<Readout> => {
      const probe = (window as unknown as ProbeWindow).__benchProbe;
      const since = performance.now();
      while (
        performance.now() - Math.max(probe.lastTaskEnd, since) < quietMs &&
        performance.now() - since < maxMs
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      probe.framing = false;
      return {
        clickAt: probe.clickAt ?? Number.NaN,
        doneAt: probe.doneAt ?? Number.NaN,
        doneText: probe.doneText,
        firstProgress: probe.firstProgress,
        lastProgress: probe.lastProgress,
        settledAt: Math.max(probe.lastTaskEnd, since),
        tasks: probe.tasks,
        gaps: probe.gaps,
        frames: probe.frames,
      };
    },
    [QUIET_MS, SETTLE_MAX_MS] as const,
  );
}
