/**
 * Issue 16's load figure for memory (`ui.heapMB*`), in the built app through Playwright: a
 * 100,000-step native trace (`writeBenchTrace`) opened through `Open…`, scrubbed (Home, End, the
 * "Step" slider to the middle, a few arrow keys) and closed (the inspector's Reset, "Clear the
 * run"), three times in one page:
 * - `heapMBBeforeOpen`: the page's JavaScript heap before the first opening;
 * - `heapMBAfterOpenClose`: the heap after each of the three closes, in order (a trace kept by
 *   mistake adds about 110 MB a cycle).
 * Heap: CDP `HeapProfiler.collectGarbage` twice, then `Runtime.getHeapUsage` (the page's main
 * thread). Each the median over REPEAT fresh pages. Figures only, no pass/fail; the e2e test
 * e2e/open-close-heap.spec.ts checks the same at 20,000 steps.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { writeBenchTrace } from '../../src/cli/bench-trace';
import { openBenchContext } from './chromium';
import { REPEAT, log, timedOut } from './common';
import { heapBytes } from './huge-trace';
import { median, oneDecimal } from './stats';

export interface OpenCloseFigures {
  readonly heapMBBeforeOpen: number;
  readonly heapMBAfterOpenClose: readonly number[];
}

const STEPS = 100_000;
const CYCLES = 3;
const OPEN_TIMEOUT_MS = 300_000;

/** The page's heap in MB after two forced collections. */
const heapMB = async (page: Page): Promise<number> => (await heapBytes(page)) / 1024 / 1024;

/** Opens `file`, scrubs through it and closes it with Reset, as a user would. */
async function openScrubClose(page: Page, file: string): Promise<void> {
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const position = timeline.getByRole('status');
  const notice = page.getByTestId('open-notice');
  await page.getByTestId('open-file-input').setInputFiles(file);
  await notice
    .filter({ hasText: `with ${STEPS} steps` })
    .waitFor({ timeout: OPEN_TIMEOUT_MS })
    .catch(timedOut(`the ${STEPS}-step trace did not open within ${OPEN_TIMEOUT_MS / 1000} s`));
  // Dismissed (Escape; it may have gone by itself already), so the next opening's notice is its own.
  await page.keyboard.press('Escape');
  await notice.waitFor({ state: 'hidden' });
  const strip = timeline.getByRole('listbox', { name: 'Steps' });
  await strip.focus();
  await page.keyboard.press('Home');
  await position.filter({ hasText: /^Step 0 / }).waitFor();
  await page.keyboard.press('End');
  await position.filter({ hasText: `${STEPS} of ${STEPS}` }).waitFor();
  await timeline.getByRole('slider', { name: 'Step' }).fill(String(STEPS / 2));
  await position.filter({ hasText: `Step ${STEPS / 2} ` }).waitFor();
  await strip.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await position.filter({ hasText: `Step ${STEPS / 2 - 5} ` }).waitFor();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page
    .getByRole('region', { name: 'Metrics' })
    .filter({ hasNotText: `LLM calls: ${STEPS.toLocaleString('en-US')}` })
    .waitFor();
  await strip.waitFor({ state: 'detached' });
}

async function once(browser: Browser, base: string, file: string) {
  const context = await openBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page
      .getByRole('button', { name: 'Run', exact: true })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 60_000 })
      .catch(timedOut('the Run button was not enabled within 60 s of loading the app'));
    const before = await heapMB(page);
    const after: number[] = [];
    for (let i = 0; i < CYCLES; i++) {
      await openScrubClose(page, file);
      after.push(await heapMB(page));
    }
    return { before, after };
  } finally {
    await context.close();
  }
}

/** Writes the trace; REPEAT fresh pages open, scrub and close it three times; medians. */
export async function measureOpenClose(browser: Browser, base: string): Promise<OpenCloseFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-close-'));
  try {
    const file = path.join(dir, 't100k.json');
    await writeBenchTrace({ steps: STEPS, file });
    const runs: { before: number; after: number[] }[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const one = await once(browser, base, file);
      log(
        `  open, scrub, close ×${CYCLES}: heap ${oneDecimal(one.before)} MB before, ${one.after.map(oneDecimal).join(', ')} MB after each close`,
      );
      runs.push(one);
    }
    return {
      heapMBBeforeOpen: oneDecimal(median(runs.map((one) => one.before))),
      heapMBAfterOpenClose: Array.from({ length: CYCLES }, (_, at) =>
        oneDecimal(median(runs.map((one) => one.after[at]!))),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
