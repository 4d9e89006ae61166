/**
 * The browser half of `npm run bench`: builds the app, serves it with `vite preview`, opens
 * `#/eval` in Debian Chromium, runs an eval matrix of at least 1,000 runs through the UI (by role
 * and label, as a user would) and reports runs per second and the longest main-thread task while
 * the worker runs and when the rows arrive; then the runs library on real IndexedDB (`library.*`:
 * save a 1,000-step run, list 10,000 runs, read a 10,000-step trace file). Figures only, no
 * pass/fail: docs/performance.md.
 *
 * `tsx scripts/bench-browser.ts [--json]`. Env: CHROMIUM_PATH (else `chromium` on PATH),
 * BENCH_PORT (else a free port), BENCH_OUT_DIR (else a temporary directory, removed at the end),
 * BENCH_REPEAT (fresh page loads, median; 3), BENCH_TIMEOUT_S (per matrix; 120).
 * With `--json` it prints one line: `{"browser":{...}}`, or `{"skipped":"why"}` without Chromium.
 *
 * This file is the entry (src/cli/bench.ts spawns it by path); its parts are in bench-browser/:
 * common (limits, errors), lifecycle (what is started and stopped), preview (vite build and
 * preview), chromium (launch, context), probe (the page-side long-task and frame-gap probe),
 * measure (one matrix through the UI), library and library-entry (the library's figures, in a
 * page of their own), figures and report (the keys and the output).
 */
import { findChromium, launchChromium, openBenchContext } from './bench-browser/chromium';
import { failureMessage, log, REPEAT } from './bench-browser/common';
import type { BrowserMatrixFigures } from './bench-browser/figures';
import {
  cleanUp,
  handleExits,
  isStopping,
  keepBrowser,
  makeTempDir,
} from './bench-browser/lifecycle';
import { measureLibrary } from './bench-browser/library';
import { measure } from './bench-browser/measure';
import { build, freePort, serve } from './bench-browser/preview';
import { browserReport, medians, pageLoadLine, skippedReport } from './bench-browser/report';

export type { BrowserMatrixFigures } from './bench-browser/figures';

const json = process.argv.includes('--json');

async function main(): Promise<void> {
  const found = findChromium();
  if ('missing' in found) {
    process.stdout.write(skippedReport(`browser keys skipped: ${found.missing}`, json));
    return;
  }
  const outDir = process.env.BENCH_OUT_DIR ?? makeTempDir();
  const port = await freePort();
  log(`building the app into ${outDir}…`);
  await build(outDir);
  const base = await serve(outDir, port);
  log(`serving it on ${base}; Chromium runs ${REPEAT} matrices…`);
  const browser = keepBrowser(await launchChromium(found.path));
  const context = await openBenchContext(browser);
  const all: BrowserMatrixFigures[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const page = await context.newPage();
    const figures = await measure(page, base);
    log(pageLoadLine(i, figures));
    all.push(figures);
    await page.close();
  }
  log('measuring the runs library on IndexedDB…');
  const library = await measureLibrary(browser, base);
  process.stdout.write(browserReport(medians(all), REPEAT, json, library));
}

handleExits();
try {
  await main();
  await cleanUp();
} catch (error) {
  await cleanUp();
  if (!isStopping()) {
    log(failureMessage(error));
    process.exitCode = 1;
  }
}
