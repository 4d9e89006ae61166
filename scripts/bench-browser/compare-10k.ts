/**
 * The browser bench's compare figures (`ui.compare10kAlignMs`, `ui.compare10kLongestTaskMs`): two
 * 10,000-step runs aligned by the built app's own align worker (the asset `vite build` emitted for
 * `workers/align-worker.ts`, the one compare uses from 2,000 steps), in a page of the served
 * app's origin. The page posts the lanes' step signatures as compare's client does and times the
 * round trip (send to answer), while a `longtask` observer records the longest main-thread task
 * (the structured clone of the lanes and of the answer included). Figures only, no pass/fail.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { BenchError } from './common';

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

/** Runs in the page: two lanes that mostly agree (a tool call differs every 7th step, one lane a step longer every 500). */
async function alignInPage(args: { url: string; steps: number }): Promise<BrowserCompareFigures> {
  const lane = (shift: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < args.steps; i++) {
      if (shift && i % 500 === 250) out.push('reflection');
      out.push(
        i % 7 === 3 && shift ? `tool:search {"q":"other ${i}"}` : `tool:search {"q":"step ${i}"}`,
      );
    }
    return out.slice(0, args.steps);
  };
  const signatures = [lane(0), lane(1)];
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

/** Aligns two 10,000-step runs in the built align worker, in a fresh page of `base`'s origin. */
export async function measureCompare10k(
  browser: Browser,
  base: string,
  outDir: string,
): Promise<BrowserCompareFigures> {
  const url = alignWorkerAsset(outDir);
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
