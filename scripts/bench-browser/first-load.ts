/**
 * The first load's figures (`ui.*`): what the built page makes a browser download before it can
 * paint, and how soon it is usable on a slow machine and link.
 * - `initialJsGzipKB`, `initialCssGzipKB`: the entry script of the build's index.html and every
 *   `<link rel="modulepreload">` it names (the chunks the browser fetches before the entry runs),
 *   and its stylesheets, each gzipped (zlib's default level, as Vite reports), in kB (1,000 bytes).
 * - `usableMsThrottled`: a cold load in a fresh context (no cache, no service worker yet) under
 *   Chromium's 4× CPU slowdown and a 10 Mbit/s, 40 ms link (CDP), from navigation start until the
 *   Run button is enabled and the first scenario is shown (polled in the page on every frame).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { log, REPEAT, timedOut } from './common';

export interface FirstLoadFigures {
  readonly initialJsGzipKB: number;
  readonly initialCssGzipKB: number;
  readonly usableMsThrottled: number;
}

/** The scenario the first view opens on (src/app/App.tsx, FIRST_SCENARIO). */
const FIRST_SCENARIO = 'rca-search-stall';
const CPU_SLOWDOWN = 4;
const LINK = { latency: 40, bitsPerSecond: 10_000_000 };
const USABLE_TIMEOUT_MS = 120_000;

/** Pure: the files index.html loads before the page runs: entry and preloads, stylesheets. */
export function initialFiles(html: string): { scripts: string[]; styles: string[] } {
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1] ?? null;
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    if (tag.startsWith('<script') && attribute(tag, 'type') === 'module') {
      const src = attribute(tag, 'src');
      if (src) scripts.push(src);
    } else if (tag.startsWith('<link')) {
      const rel = attribute(tag, 'rel');
      const href = attribute(tag, 'href');
      if (href && rel === 'modulepreload') scripts.push(href);
      if (href && rel === 'stylesheet') styles.push(href);
    }
  }
  return { scripts, styles };
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/** The gzipped size of the initial JavaScript and CSS of the build in `outDir`. */
export function initialSizes(
  outDir: string,
): Pick<FirstLoadFigures, 'initialJsGzipKB' | 'initialCssGzipKB'> {
  const { scripts, styles } = initialFiles(readFileSync(path.join(outDir, 'index.html'), 'utf8'));
  const gzipped = (files: readonly string[]) =>
    files.reduce(
      (sum, file) =>
        sum + gzipSync(readFileSync(path.join(outDir, file.replace(/^\//, '')))).length,
      0,
    );
  return { initialJsGzipKB: kB(gzipped(scripts)), initialCssGzipKB: kB(gzipped(styles)) };
}

/** One cold, throttled load of `base`: ms from navigation start until usable. */
export async function usableMs(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINK.latency,
      downloadThroughput: LINK.bitsPerSecond / 8,
      uploadThroughput: LINK.bitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}/`, { waitUntil: 'commit' });
    const usable = await page
      .waitForFunction(
        (scenario) => {
          const run = [...document.querySelectorAll('button')].find(
            (button) => button.textContent?.trim() === 'Run',
          );
          const shown = [...document.querySelectorAll('select')].some(
            (select) => select.value === scenario,
          );
          return run && !run.disabled && shown ? performance.now() : null;
        },
        FIRST_SCENARIO,
        { polling: 'raf', timeout: USABLE_TIMEOUT_MS },
      )
      .catch(timedOut(`the page was not usable ${USABLE_TIMEOUT_MS / 1000} s after navigation`));
    return Math.round((await usable.jsonValue()) as number);
  } finally {
    await context.close();
  }
}

/** The sizes of the build in `outDir`, and the median usable time of REPEAT cold loads of `base`. */
export async function measureFirstLoad(
  browser: Browser,
  base: string,
  outDir: string,
): Promise<FirstLoadFigures> {
  const sizes = initialSizes(outDir);
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    times.push(await usableMs(browser, base));
    log(`first load ${i + 1}: usable after ${times[i]} ms (4× CPU, 10 Mbit/s, 40 ms)`);
  }
  const sorted = times.sort((x, y) => x - y);
  return { ...sizes, usableMsThrottled: sorted[Math.floor(sorted.length / 2)]! };
}
