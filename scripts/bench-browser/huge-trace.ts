/**
 * The huge-trace figures (`ui.*`), in the built app through Playwright, files written by
 * `writeBenchTrace` (what `npm run --silent bench -- --write-trace N FILE` writes):
 * - `import100kMs`: a 100,000-step native trace chosen in the `Open…` picker (the input's
 *   `change`) to the end of the first frame that shows its timeline (on its last step), its
 *   metrics and a node of its phase graph (checked on every frame).
 * - `jsonParse100kMs`: `JSON.parse` of the same file's text alone, in the same page, just before.
 * - `import100kKeepLongestTaskMs`: the longest main-thread task (`longtask`) that ends after
 *   that paint and starts before the run's record is in the library's IndexedDB (polled).
 * - `heapMBPer10kSteps`: the page's JavaScript heap (CDP `Runtime.getHeapUsage` after
 *   `HeapProfiler.collectGarbage`) once the file is open and its run kept, less the heap before it was
 *   chosen, per 10,000 steps.
 * - `stepSelectP95Ms100k`, `stepSelectP95Ms100`: 50 steps selected one after another in that
 *   page, and in a fresh page on a 100-step file (ArrowLeft on the strip and a click on the
 *   cell before, alternately, each sent at the start of a frame), from the input to the end of
 *   the first frame drawn with the new position; the 95th percentile.
 * - `stepSelectSettledP95Ms100k`, `stepSelectSettledP95Ms100`: the same selections, to the end
 *   of the first frame whose decision record and phase graph show the step as well.
 * Each over REPEAT fresh pages, the median. Figures only, no pass/fail. `measureStepSelect`
 * (`--ui=step-select`) measures the selections alone, without the import, parse and heap.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { writeBenchTrace } from '../../src/cli/bench-trace';
import { openBenchContext } from './chromium';
import type { ProbeWindow } from './probe';
import { BenchError, REPEAT, log, timedOut } from './common';
import { armImport, timeJsonParse, timeStepSelections, waitForKeptRecord } from './huge-trace-page';
import { longestTaskBetween, median, oneDecimal, p95 } from './stats';

export interface HugeTraceFigures {
  readonly import100kMs: number;
  readonly jsonParse100kMs: number;
  readonly import100kKeepLongestTaskMs: number;
  readonly heapMBPer10kSteps: number;
  readonly stepSelectP95Ms100: number;
  readonly stepSelectP95Ms100k: number;
  readonly stepSelectSettledP95Ms100: number;
  readonly stepSelectSettledP95Ms100k: number;
}

/** The selection figures alone (`--ui=step-select`). */
export type StepSelectFigures = Pick<
  HugeTraceFigures,
  | 'stepSelectP95Ms100'
  | 'stepSelectP95Ms100k'
  | 'stepSelectSettledP95Ms100'
  | 'stepSelectSettledP95Ms100k'
>;

const HUGE = 100_000;
const SMALL = 100;
const SELECTIONS = 50;
const PARSE_TRIES = 3;
const OPEN_TIMEOUT_MS = 300_000;

/** The page's heap in bytes after two forced collections (CDP). */
export async function heapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

/**
 * `JSON.parse` of `file`'s text alone in `page` (a hidden input of its own, removed after): the
 * median of PARSE_TRIES, ms.
 */
export async function timeFileJsonParse(page: Page, file: string): Promise<number> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-json-file';
    input.hidden = true;
    document.body.append(input);
  });
  await page.locator('#bench-json-file').setInputFiles(file);
  return page.evaluate(timeJsonParse, PARSE_TRIES);
}

/** A fresh context's page on the app, the Run button enabled; `init` runs before the app's scripts. */
export async function openedPage(browser: Browser, base: string, init?: () => void) {
  const context = await openBenchContext(browser);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page
    .getByRole('button', { name: 'Run', exact: true })
    .and(page.locator(':enabled'))
    .waitFor({ timeout: 60_000 })
    .catch(timedOut('the Run button was not enabled within 60 s of loading the app'));
  return { context, page };
}

/** Opens `file` by the picker and waits for its done notice (kept in the library). */
async function openFile(page: Page, file: string, steps: number): Promise<void> {
  const name = path.basename(file);
  await page.getByTestId('open-file-input').setInputFiles(file);
  const notice = page.getByTestId('open-notice');
  await notice
    .filter({ hasText: `Opened ${name}: a run of bench-long with ${steps} steps` })
    .waitFor({ timeout: OPEN_TIMEOUT_MS })
    .catch(timedOut(`${name} did not open within ${OPEN_TIMEOUT_MS / 1000} s`));
}

/** The p95 of SELECTIONS selections' `shown` and `settled` times (see `timeStepSelections`). */
async function selections(page: Page): Promise<Selected> {
  await page.getByRole('region', { name: 'Timeline' }).getByRole('listbox').waitFor();
  const times = await page.evaluate(timeStepSelections, SELECTIONS);
  const shown = times.map((t) => t.shown);
  const settled = times.map((t) => t.settled);
  return {
    shown: p95(shown),
    settled: p95(settled),
    medianShown: median(shown),
    medianSettled: median(settled),
  };
}

/** One page's selections: the p95s (the figures) and the medians (logged: a busy machine's p95 is its spikes). */
interface Selected {
  readonly shown: number;
  readonly settled: number;
  readonly medianShown: number;
  readonly medianSettled: number;
}

const selectLine = (steps: number, select: Selected) =>
  `  ${steps}-step file: step select p95 ${oneDecimal(select.shown)} ms (record and graph too: ${oneDecimal(select.settled)} ms); medians ${oneDecimal(select.medianShown)} and ${oneDecimal(select.medianSettled)} ms`;

async function hugeOnce(browser: Browser, base: string, file: string) {
  const { context, page } = await openedPage(browser, base);
  try {
    const jsonParse = await timeFileJsonParse(page, file);
    const before = await heapBytes(page);
    await page.evaluate(armImport, HUGE);
    await openFile(page, file, HUGE);
    await page.waitForFunction(
      () =>
        (window as unknown as { __benchImport: { paintAt: number | null } }).__benchImport
          .paintAt !== null,
      undefined,
      { timeout: OPEN_TIMEOUT_MS },
    );
    const probe = await page.evaluate(
      () =>
        (window as unknown as { __benchImport: { changeAt: number; paintAt: number } })
          .__benchImport,
    );
    if (probe.changeAt === null) throw new BenchError('the page did not see the file chosen');
    // After the paint the run is written to the library: the longest task until it is.
    const keptAt = await page.evaluate(waitForKeptRecord, OPEN_TIMEOUT_MS);
    if (keptAt === null)
      throw new BenchError(`the run was not kept within ${OPEN_TIMEOUT_MS / 1000} s of its paint`);
    const tasks = await page.evaluate(() => (window as unknown as ProbeWindow).__benchProbe.tasks);
    const keepLongest = longestTaskBetween(tasks, probe.paintAt, keptAt);
    const after = await heapBytes(page);
    const select = await selections(page);
    return {
      importMs: probe.paintAt - probe.changeAt,
      jsonParse,
      keepLongest,
      heapMB: (after - before) / 1024 / 1024 / (HUGE / 10_000),
      select,
    };
  } finally {
    await context.close();
  }
}

async function selectOnce(browser: Browser, base: string, file: string, steps: number) {
  const { context, page } = await openedPage(browser, base);
  try {
    await openFile(page, file, steps);
    return await selections(page);
  } finally {
    await context.close();
  }
}

/** Pure: the medians over the pages of each selection figure. */
function selectFigures(
  small: readonly { shown: number; settled: number }[],
  huge: readonly { shown: number; settled: number }[],
): StepSelectFigures {
  return {
    stepSelectP95Ms100: oneDecimal(median(small.map((one) => one.shown))),
    stepSelectP95Ms100k: oneDecimal(median(huge.map((one) => one.shown))),
    stepSelectSettledP95Ms100: oneDecimal(median(small.map((one) => one.settled))),
    stepSelectSettledP95Ms100k: oneDecimal(median(huge.map((one) => one.settled))),
  };
}

/**
 * The selection figures alone: the two files opened REPEAT times each in fresh pages, alternately
 * (100 steps, then 100,000), and SELECTIONS selections in each; the medians.
 */
export async function measureStepSelect(
  browser: Browser,
  base: string,
): Promise<StepSelectFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-select-'));
  try {
    const huge = path.join(dir, 't100k.json');
    const small = path.join(dir, 't100.json');
    await writeBenchTrace({ steps: HUGE, file: huge });
    await writeBenchTrace({ steps: SMALL, file: small });
    const smalls = [];
    const huges = [];
    for (let i = 0; i < REPEAT; i++) {
      smalls.push(await selectOnce(browser, base, small, SMALL));
      log(selectLine(SMALL, smalls.at(-1)!));
      huges.push(await selectOnce(browser, base, huge, HUGE));
      log(selectLine(HUGE, huges.at(-1)!));
    }
    return selectFigures(smalls, huges);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the two files, opens them REPEAT times each in fresh pages; the median of each figure. */
export async function measureHugeTrace(browser: Browser, base: string): Promise<HugeTraceFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-huge-'));
  try {
    const huge = path.join(dir, 't100k.json');
    const small = path.join(dir, 't100.json');
    const bytes = await writeBenchTrace({ steps: HUGE, file: huge });
    await writeBenchTrace({ steps: SMALL, file: small });
    log(`opening a ${HUGE.toLocaleString('en-US')}-step trace (${(bytes / 1e6).toFixed(1)} MB)…`);
    const runs = [];
    for (let i = 0; i < REPEAT; i++) {
      const one = await hugeOnce(browser, base, huge);
      log(
        `  ${HUGE}-step file: import ${Math.round(one.importMs)} ms, JSON.parse ${Math.round(one.jsonParse)} ms, longest task from the paint until kept ${Math.round(one.keepLongest)} ms, heap ${one.heapMB.toFixed(1)} MB/10k steps`,
      );
      log(selectLine(HUGE, one.select));
      runs.push(one);
    }
    const smalls = [];
    for (let i = 0; i < REPEAT; i++) {
      smalls.push(await selectOnce(browser, base, small, SMALL));
      log(selectLine(SMALL, smalls.at(-1)!));
    }
    return {
      import100kMs: Math.round(median(runs.map((one) => one.importMs))),
      jsonParse100kMs: Math.round(median(runs.map((one) => one.jsonParse))),
      import100kKeepLongestTaskMs: Math.round(median(runs.map((one) => one.keepLongest))),
      heapMBPer10kSteps: oneDecimal(median(runs.map((one) => one.heapMB))),
      ...selectFigures(
        smalls,
        runs.map((one) => one.select),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
