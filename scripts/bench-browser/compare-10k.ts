/**
 * The browser bench's compare figures (`ui.compare10kAlignMs`, `ui.compare10kLongestTaskMs`): two
 * 10,000-step runs aligned by the built app's own align worker (the asset `vite build` emitted for
 * `workers/align-worker.ts`, the one compare uses from 2,000 steps), in a page of the served
 * app's origin. The page posts the lanes' step signatures as compare's client does and times the
 * round trip (send to answer; the worker's start-up is not counted), while a `longtask` observer records the longest main-thread task
 * (the structured clone of the lanes and of the answer included). Figures only, no pass/fail.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { BenchError, REPEAT } from './common';
import { median } from './stats';

export interface BrowserCompareFigures {
  /** Milliseconds from posting two 10,000-step lanes to the align worker to its answer. */
  readonly compare10kAlignMs: number;
  /** The longest main-thread task (ms) from the post to the answer and a quiet second after; 0: none over 50 ms. */
  readonly compare10kLongestTaskMs: number;
}

const STEPS = 10_000;

/** The align worker's built asset, relative to the served root. */
function alignWorkerAsset(outDir: string): string {
  const assets = path.join(outDir, 'assets');
  const name = readdirSync(assets).find((file) => /^align-worker.*\.js$/.test(file));
  if (!name) throw new BenchError(`no align-worker asset in ${assets}: did the build change?`);
  return `/assets/${name}`;
}

/**
 * Runs in the page. The lanes are shaped as `compare.align10kMs`'s (src/cli/bench-align.ts): a
 * 10,000-step run and a copy that drops every 89th step, repeats every 211th and looks up another
 * key at every 97th.
 */
async function alignInPage(args: { url: string; steps: number }): Promise<BrowserCompareFigures> {
  const signature = (i: number, other = false) =>
    `tool:lookup {"key":"${other ? 'other' : 'k'}${i % 40}"}`;
  const base: string[] = [];
  const copy: string[] = [];
  for (let i = 0; i < args.steps; i++) {
    base.push(signature(i));
    if (i % 89 === 88) continue;
    copy.push(signature(i, i % 97 === 96));
    if (i % 211 === 210) copy.push(signature(i));
  }
  const signatures = [base, copy];
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const worker = new Worker(args.url, { type: 'module' });
  // A first, tiny request so the worker's start-up is not counted as alignment.
  await new Promise<void>((resolve) => {
    worker.onmessage = () => resolve();
    worker.postMessage({ id: 0, signatures: [['answer'], ['answer']], baseline: 0 });
  });
  longest = 0;
  const started = performance.now();
  const answer = await new Promise<{ error?: string }>((resolve) => {
    worker.onmessage = (event: MessageEvent<{ error?: string }>) => resolve(event.data);
    worker.postMessage({ id: 1, signatures, baseline: 0 });
  });
  const alignMs = performance.now() - started;
  if (answer.error) throw new Error(`the align worker answered: ${answer.error}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  observer.disconnect();
  worker.terminate();
  return { compare10kAlignMs: Math.round(alignMs), compare10kLongestTaskMs: Math.round(longest) };
}

/**
 * Aligns two 10,000-step runs in the built align worker, REPEAT times, each in a fresh page of
 * `base`'s origin; the median of each figure.
 */
export async function measureCompare10k(
  browser: Browser,
  base: string,
  outDir: string,
): Promise<BrowserCompareFigures> {
  const url = alignWorkerAsset(outDir);
  const all: BrowserCompareFigures[] = [];
  for (let i = 0; i < REPEAT; i++) all.push(await alignInFreshPage(browser, base, url));
  const of = (key: keyof BrowserCompareFigures) => median(all.map((figures) => figures[key]));
  return {
    compare10kAlignMs: of('compare10kAlignMs'),
    compare10kLongestTaskMs: of('compare10kLongestTaskMs'),
  };
}

async function alignInFreshPage(
  browser: Browser,
  base: string,
  url: string,
): Promise<BrowserCompareFigures> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/favicon.svg`);
    // tsx names the page function's inner arrows through a `__name` helper the page lacks.
    await page.evaluate('globalThis.__name = (fn) => fn');
    return await page.evaluate(alignInPage, { url, steps: STEPS });
  } finally {
    await context.close();
  }
}
