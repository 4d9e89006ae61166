/** The bench's output: the median over page loads, the progress line per load, stdout's text or JSON. */
import { FIGURE_KEYS, type BrowserMatrixFigures } from './figures';
import type { FirstLoadFigures } from './first-load';
import type { BrowserCompareFigures } from './compare-10k';
import type { HugeTraceFigures, StepSelectFigures } from './huge-trace';
import type { BrowserMatrix9800Figures } from './matrix-9800';
import type { BrowserLibraryFigures } from './library-entry';
import type { OpenCloseFigures } from './open-close';
import type { OtlpFigures } from './otlp-100k';
import type { StepWhileMatrixFigures } from './step-while-matrix';
import { median } from './stats';

/** Pure: the median of each figure over the repetitions (single page loads swing with JIT and GC). */
export function medians(all: readonly BrowserMatrixFigures[]): BrowserMatrixFigures {
  return Object.fromEntries(
    FIGURE_KEYS.map((key) => [key, median(all.map((figures) => figures[key]))]),
  ) as unknown as BrowserMatrixFigures;
}

/** Pure: the stderr line for page load `index` (from 0): every figure, `key value`. */
export function pageLoadLine(index: number, figures: BrowserMatrixFigures): string {
  return `page load ${index + 1}: ${FIGURE_KEYS.map((key) => `${key} ${figures[key]}`).join(', ')}`;
}

/** Pure: stdout when there is no Chromium: `{"skipped":reason}` with `json`, else one line. */
export function skippedReport(reason: string, json: boolean): string {
  return json ? `${JSON.stringify({ skipped: reason })}\n` : `browser:    ${reason}\n`;
}

/** The `ui.*` figures measured (`--ui=…` may pick only some pieces). */
export type UiFigures = Partial<
  FirstLoadFigures &
    HugeTraceFigures &
    OtlpFigures &
    StepSelectFigures &
    BrowserCompareFigures &
    BrowserMatrix9800Figures &
    StepWhileMatrixFigures &
    OpenCloseFigures
>;

/** Pure: the `ui.*` lines of the table, one per piece measured. */
function firstLoadLine(ui: UiFigures, repeat: number): string {
  const lines = [
    ui.initialJsGzipKB === undefined
      ? null
      : `first load: ${ui.initialJsGzipKB} kB of JavaScript and ${ui.initialCssGzipKB} kB of CSS gzipped; usable after ${ui.usableMsThrottled} ms at 4× CPU, 10 Mbit/s, 40 ms (median of ${repeat} cold loads)`,
    ui.compare10kAlignMs === undefined
      ? null
      : `compare 10k: aligned in ${ui.compare10kAlignMs} ms, longest main-thread task ${ui.compare10kLongestTaskMs} ms`,
    ui.matrix9800LongestTaskMs === undefined
      ? null
      : `matrix 9,800: longest main-thread task on its rows ${ui.matrix9800LongestTaskMs} ms (median of ${repeat} page loads)`,
    ui.import100kMs === undefined
      ? null
      : `100,000-step trace: chosen to painted ${ui.import100kMs} ms (JSON.parse alone ${ui.jsonParse100kMs} ms), longest task from the paint until kept ${ui.import100kKeepLongestTaskMs} ms, ${ui.heapMBPer10kSteps} MB of heap per 10,000 steps`,
    ui.importOtlp100kMs === undefined
      ? null
      : `100,000-span OTLP file: chosen to painted ${ui.importOtlp100kMs} ms (JSON.parse alone ${ui.jsonParseOtlp100kMs} ms), longest main-thread task until kept in the library ${ui.otlp100kLongestTaskMs} ms`,
    ui.stepSelectP95Ms100k === undefined
      ? null
      : `step selected to painted, p95: ${ui.stepSelectP95Ms100k} ms at 100,000 steps (100 steps: ${ui.stepSelectP95Ms100} ms); with the decision record and phase graph: ${ui.stepSelectSettledP95Ms100k} ms (100 steps: ${ui.stepSelectSettledP95Ms100} ms)`,
    ui.stepWhileMatrixLongestTaskMs === undefined
      ? null
      : `stepping while a 1,008-run matrix runs: longest main-thread task ${ui.stepWhileMatrixLongestTaskMs} ms, step p95 ${ui.stepWhileMatrixStepP95Ms} ms (stepping began ${ui.stepWhileMatrixOverlapMs} ms before the matrix ended)`,
    ui.heapMBAfterOpenClose === undefined
      ? null
      : `100,000-step trace opened, scrubbed and closed ×3: heap ${ui.heapMBBeforeOpen} MB before, ${ui.heapMBAfterOpenClose.join(', ')} MB after each close`,
  ];
  return lines.filter((line) => line !== null).join('\n            ');
}

/** Pure: stdout for the first load alone (`--ui-only`): `{"ui":…}` with `json`, else one line. */
export function firstLoadReport(ui: UiFigures, repeat: number, json: boolean): string {
  return json ? `${JSON.stringify({ ui })}\n` : `browser:    ${firstLoadLine(ui, repeat)}\n`;
}

/**
 * Pure: stdout for the medians: `{"browser":{"matrix":…,"library":…},"ui":…}` with `json`, else
 * the table's lines.
 */
export function browserReport(
  matrix: BrowserMatrixFigures,
  repeat: number,
  json: boolean,
  library: BrowserLibraryFigures,
  ui: UiFigures,
): string {
  if (json) return `${JSON.stringify({ browser: { matrix, library }, ui })}\n`;
  const lines = [
    firstLoadLine(ui, repeat),
    `${matrix.runs} eval runs through #/eval in Chromium (median of ${repeat} page loads): click to rows ${matrix.secondsToRows} s → ${matrix.runsPerSecond} runs/s`,
    `first progress after ${matrix.msToFirstProgress} ms (worker start-up), then ${matrix.workerRunsPerSecond} runs/s in the worker`,
    `longest main-thread task ${matrix.longestTaskMs} ms while running, ${matrix.longestTaskOnRowsMs} ms when the rows arrive (the rows' own task, table and charts: ${matrix.rowsTaskMs} ms; 0: none over 50 ms)`,
    `longest frame gap ${matrix.longestFrameGapMs} ms while running, ${matrix.longestFrameGapOnRowsMs} ms when the rows arrive`,
    `library (IndexedDB): save a ${library.savedRunSteps}-step run (${(library.savedRunBytes / 1e6).toFixed(1)} MB) ${library.saveRunMs} ms; list ${library.listedRuns} runs ${library.listRunsMs} ms (writing them: ${library.writeRunsMs} ms); read a ${library.traceFileSteps}-step trace file (${(library.traceFileBytes / 1e6).toFixed(1)} MB) ${library.openTraceFileMs} ms`,
  ];
  return lines.map((line, i) => `${i === 0 ? 'browser:   ' : '           '} ${line}\n`).join('');
}
