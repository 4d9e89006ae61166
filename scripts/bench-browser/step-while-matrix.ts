/**
 * Issue 16's load figures for stepping (`ui.stepWhileMatrix*`), in the built app through
 * Playwright, as a user does both at once: a 1,000-step trace (`writeBenchTrace`) opened in the
 * inspector, then in `#/eval` (the view switch) the 1,008-run matrix of `matrix.*` picked and
 * started, and at once back to the inspector (the eval store and its worker go on while another
 * view shows), where the arrow keys step through the run, a step a frame or so, until 3 s after
 * the eval worker's `end` (the rows, verdicts and the kept runs' traces reach the page then):
 * - `stepWhileMatrixLongestTaskMs`: the longest main-thread task (`longtask`, the probe) from the
 *   first step to the last; 0: none over 50 ms.
 * - `stepWhileMatrixStepP95Ms`: each step from its key to the end of the first frame that shows
 *   it (as `stepSelectP95Ms`), the 95th percentile.
 * - `stepWhileMatrixOverlapMs`: how long the stepping ran before the matrix ended (the worker
 *   runs ~2,500 runs/s, so the matrix may be nearly done when the inspector is back).
 * Each the median over REPEAT fresh pages. Back in `#/eval` the matrix must say "Done: 1,008
 * runs". Figures only, no pass/fail. BENCH_ATTRIBUTION=1 also logs each Long Animation Frame of
 * the stepping with the scripts it ran (an unminified build names them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { writeBenchTrace } from '../../src/cli/bench-trace';
import { openBenchContext } from './chromium';
import { BenchError, MATRIX_TIMEOUT_MS, REPEAT, log, timedOut } from './common';
import { benchMatrix, pickMatrix } from './measure';
import type { ProbeWindow, Span } from './probe';
import { median, p95 } from './stats';
import { stepUntilMatrixEnds, watchEvalWorker } from './step-while-matrix-page';

export interface StepWhileMatrixFigures {
  readonly stepWhileMatrixLongestTaskMs: number;
  readonly stepWhileMatrixStepP95Ms: number;
  readonly stepWhileMatrixOverlapMs: number;
}

const TRACE_STEPS = 1_000;
/** After the worker's `end`: the rows, the cells and the kept traces arrive in this time. */
const TAIL_MS = 3_000;

const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;

/** Pure: the longest of `tasks` that overlaps `from`…`to`; 0 when none does. */
export function longestTaskIn(tasks: readonly Span[], from: number, to: number): number {
  const longest = tasks
    .filter((task) => task.end >= from && task.start <= to)
    .reduce((max, task) => Math.max(max, task.end - task.start), 0);
  return oneDecimal(longest);
}

async function once(browser: Browser, base: string, file: string) {
  const context = await openBenchContext(browser);
  await context.addInitScript(watchEvalWorker);
  try {
    const page: Page = await context.newPage();
    await page.goto(`${base}/`);
    await page
      .getByRole('button', { name: 'Run', exact: true })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 60_000 })
      .catch(timedOut('the Run button was not enabled within 60 s of loading the app'));
    await page.getByTestId('open-file-input').setInputFiles(file);
    await page
      .getByTestId('open-notice')
      .filter({ hasText: `with ${TRACE_STEPS} steps` })
      .waitFor({ timeout: 120_000 })
      .catch(timedOut(`the ${TRACE_STEPS}-step trace did not open within 120 s`));
    const views = page.getByRole('navigation', { name: 'View' });
    await views.getByRole('link', { name: 'Eval', exact: true }).click();
    const matrix = benchMatrix();
    const { setup, runsText } = await pickMatrix(page, matrix);
    await setup.getByRole('button', { name: 'Run matrix', exact: true }).click();
    await views.getByRole('link', { name: 'Inspect', exact: true }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline
      .getByRole('status')
      .filter({ hasText: `of ${TRACE_STEPS}` })
      .waitFor();
    const stepping = await page.evaluate(stepUntilMatrixEnds, {
      tailMs: TAIL_MS,
      maxMs: MATRIX_TIMEOUT_MS,
    });
    if (stepping.matrixEndAt === null)
      throw new BenchError(`the matrix did not end within ${MATRIX_TIMEOUT_MS / 1000} s`);
    const tasks = await page.evaluate(() => (window as unknown as ProbeWindow).__benchProbe.tasks);
    if (process.env.BENCH_ATTRIBUTION === '1') {
      const frames = await page.evaluate(
        () => (window as unknown as ProbeWindow).__benchProbe.frames,
      );
      for (const frame of frames.filter(
        (one) => one.end >= stepping.startedAt && one.start <= stepping.endedAt,
      ))
        log(
          `  frame +${Math.round(frame.start - stepping.startedAt)} ms, ${Math.round(frame.end - frame.start)} ms: ` +
            frame.scripts.map((script) => `${script.invoker} ${script.fn} ${script.ms}`).join('; '),
        );
    }
    await views.getByRole('link', { name: 'Eval', exact: true }).click();
    await page
      .getByRole('region', { name: 'Matrix results' })
      .getByRole('status')
      .filter({ hasText: `Done: ${runsText}` })
      .waitFor({ timeout: 30_000 })
      .catch(timedOut(`back in #/eval the matrix does not say "Done: ${runsText}"`));
    return {
      longest: longestTaskIn(tasks, stepping.startedAt, stepping.endedAt),
      p95: p95(stepping.times),
      overlap: Math.max(0, stepping.matrixEndAt - stepping.startedAt),
      steps: stepping.times.length,
    };
  } finally {
    await context.close();
  }
}

/** Writes the trace, then REPEAT fresh pages each step through it while a matrix runs; medians. */
export async function measureStepWhileMatrix(
  browser: Browser,
  base: string,
): Promise<StepWhileMatrixFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-step-'));
  try {
    const file = path.join(dir, 't1k.json');
    await writeBenchTrace({ steps: TRACE_STEPS, file });
    const runs = [];
    for (let i = 0; i < REPEAT; i++) {
      const one = await once(browser, base, file);
      log(
        `  stepping while a matrix runs: ${one.steps} steps, longest task ${one.longest} ms, step p95 ${oneDecimal(one.p95)} ms, ${Math.round(one.overlap)} ms before the matrix ended`,
      );
      runs.push(one);
    }
    return {
      stepWhileMatrixLongestTaskMs: median(runs.map((one) => one.longest)),
      stepWhileMatrixStepP95Ms: oneDecimal(median(runs.map((one) => one.p95))),
      stepWhileMatrixOverlapMs: Math.round(median(runs.map((one) => one.overlap))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
