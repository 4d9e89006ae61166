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
 * BENCH_REPEAT (fresh page loads, median; 3), BENCH_TIMEOUT_S (per matrix; 120), BENCH_MATRIX_RUNS
 * (the matrix's least runs; 1,000), BENCH_PREBUILT=1
 * (serve the build already in BENCH_OUT_DIR, to measure another checkout's).
 * First the first load's figures (`ui.*`, bench-browser/first-load.ts) and compare's alignment of
 * two 10,000-step runs (`ui.compare10k*`, bench-browser/compare-10k.ts), the longest task on
 * a 9,800-run matrix's rows (`ui.matrix9800LongestTaskMs`, bench-browser/matrix-9800.ts), then a
 * 100,000-step trace opened and stepped through (`ui.import100kMs` and the rest,
 * bench-browser/huge-trace.ts), a 100,000-span OTLP file opened (`ui.importOtlp100kMs` and the
 * rest, bench-browser/otlp-100k.ts), a run stepped through while a matrix runs
 * (`ui.stepWhileMatrix*`, bench-browser/step-while-matrix.ts) and a 100,000-step trace opened,
 * scrubbed and closed three times (`ui.heapMB*`, bench-browser/open-close.ts);
 * `--ui-only` stops there; `--ui=first-load,matrix-9800` (bench-browser/ui-pieces.ts) measures only
 * the pieces it names, and stops there too (`--huge-only`: `--ui=huge-trace`).
 * With `--json` it prints one line: `{"browser":{...},"ui":{...}}`, or `{"skipped":"why"}`.
 *
 * This file is the entry (src/cli/bench.ts spawns it by path); its parts are in bench-browser/:
 * common (limits, errors), lifecycle (what is started and stopped), preview (vite build and
 * preview), chromium (launch, context), probe (the page-side long-task and frame-gap probe),
 * measure (one matrix through the UI), library and library-entry (the library's figures, in a
 * page of their own), figures and report (the keys and the output).
 */
import { findChromium, launchChromium, openBenchContext } from './bench-browser/chromium';
import { BenchError, failureMessage, log, REPEAT } from './bench-browser/common';
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
import { measureFirstLoad } from './bench-browser/first-load';
import { measureCompare10k } from './bench-browser/compare-10k';
import { measureMatrix9800 } from './bench-browser/matrix-9800';
import { measureHugeTrace, measureStepSelect } from './bench-browser/huge-trace';
import { measureOtlp100k } from './bench-browser/otlp-100k';
import { measureOpenClose } from './bench-browser/open-close';
import { measureStepWhileMatrix } from './bench-browser/step-while-matrix';
import { parseUiPieces } from './bench-browser/ui-pieces';
import {
  browserReport,
  firstLoadReport,
  medians,
  pageLoadLine,
  skippedReport,
} from './bench-browser/report';

export type { BrowserMatrixFigures } from './bench-browser/figures';

const json = process.argv.includes('--json');
/** `--ui=…`: which `ui.*` pieces to measure (all by default). */
const uiPieces = parseUiPieces(process.argv);
/** `--ui-only` (or `--ui=…`): the `ui.*` figures alone (no matrices, no library). */
const uiOnly = process.argv.includes('--ui-only') || ('picked' in uiPieces && uiPieces.picked);

async function main(): Promise<void> {
  if ('problem' in uiPieces) throw new BenchError(uiPieces.problem);
  const wanted = new Set(uiPieces.pieces);
  const found = findChromium();
  if ('missing' in found) {
    process.stdout.write(skippedReport(`browser keys skipped: ${found.missing}`, json));
    return;
  }
  const outDir = process.env.BENCH_OUT_DIR ?? makeTempDir();
  const port = await freePort();
  if (process.env.BENCH_PREBUILT === '1' && process.env.BENCH_OUT_DIR) {
    log(`serving the build already in ${outDir} (BENCH_PREBUILT=1)…`);
  } else {
    log(`building the app into ${outDir}…`);
    await build(outDir);
  }
  const base = await serve(outDir, port);
  const browser = keepBrowser(await launchChromium(found.path));
  log(`serving it on ${base}; Chromium loads it ${REPEAT} times, cold and throttled…`);
  const firstLoad = wanted.has('first-load')
    ? await measureFirstLoad(browser, base, outDir)
    : undefined;
  let compare;
  if (wanted.has('compare-10k')) {
    log('aligning two 10,000-step runs in the built align worker…');
    compare = await measureCompare10k(browser, base, outDir);
    log(
      `compare 10k: aligned in ${compare.compare10kAlignMs} ms, longest main-thread task ${compare.compare10kLongestTaskMs} ms (0: none over 50 ms)`,
    );
  }
  let matrix9800;
  if (wanted.has('matrix-9800')) {
    log('running a 9,800-run matrix through #/eval…');
    matrix9800 = await measureMatrix9800(browser, base);
    log(
      `matrix 9,800: longest main-thread task on its rows ${matrix9800.matrix9800LongestTaskMs} ms`,
    );
  }
  const huge = wanted.has('huge-trace') ? await measureHugeTrace(browser, base) : undefined;
  const otlp = wanted.has('otlp-100k') ? await measureOtlp100k(browser, base) : undefined;
  let select;
  if (wanted.has('step-select')) {
    log('selecting steps in a 100-step and a 100,000-step trace…');
    select = await measureStepSelect(browser, base);
  }
  let stepping;
  if (wanted.has('step-while-matrix')) {
    log('stepping through a 1,000-step run while a 1,008-run matrix runs…');
    stepping = await measureStepWhileMatrix(browser, base);
  }
  let openClose;
  if (wanted.has('open-close')) {
    log('opening, scrubbing and closing a 100,000-step trace three times…');
    openClose = await measureOpenClose(browser, base);
  }
  const ui = {
    ...firstLoad,
    ...compare,
    ...matrix9800,
    ...huge,
    ...otlp,
    ...select,
    ...stepping,
    ...openClose,
  };
  if (uiOnly) {
    process.stdout.write(firstLoadReport(ui, REPEAT, json));
    return;
  }
  log(`Chromium runs ${REPEAT} matrices…`);
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
  process.stdout.write(browserReport(medians(all), REPEAT, json, library, ui));
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
