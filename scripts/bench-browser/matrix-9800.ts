/**
 * The browser bench's `ui.matrix9800LongestTaskMs`: a 9,800-run matrix picked through `#/eval`
 * by role and label as a user would (the first 14 built-ins in suite order × the 7 mode and
 * gating presets × 100 seeds, the most seeds a cell takes), and the longest main-thread task
 * (`longtask`, the page's probe) from the worker's last progress report — every run done, the
 * rows about to come — until the table, verdicts and charts have drawn and no long task has
 * ended for a second (the kept runs' traces that follow are inside that window too). The median
 * over REPEAT fresh page loads. Figures only, no pass/fail. BENCH_ATTRIBUTION=1 also logs each
 * Long Animation Frame in that window with the scripts it ran (an unminified build names them:
 * `vite build --minify false`, then BENCH_PREBUILT=1). BENCH_PROFILE=<prefix> takes a CDP CPU
 * profile of the main thread (100 µs) from the click on Run matrix until settled, writes it to
 * `<prefix>-<page>.cpuprofile` (Chromium DevTools opens it) and logs its busy stretches over
 * 50 ms with their heaviest functions.
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { EVAL_PRESETS } from '../../src/projections/eval-matrix';
import { builtinScenarios } from '../../src/scenarios';
import { openBenchContext } from './chromium';
import { busyStretches, type CpuProfile } from './cpu-profile';
import { log, REPEAT } from './common';
import { runMatrix } from './measure';
import type { Readout } from './probe';
import { median } from './stats';

export interface BrowserMatrix9800Figures {
  /** The longest task (ms) from the last progress report until settled; 0: none over 50 ms. */
  readonly matrix9800LongestTaskMs: number;
}

const SCENARIOS = 14;
const SEEDS = 100;
/** The presets without attempts (mode × gating): 7 columns. */
const LABELS = EVAL_PRESETS.slice(0, 7).map((config) => config.label);
const RUNS = SCENARIOS * LABELS.length * SEEDS;

/** Pure: the longest long task that ends after the last progress report and starts before settling. */
export function rowsLongestTask(readout: Readout): number {
  const from = readout.lastProgress?.at ?? readout.doneAt;
  const longest = readout.tasks
    .filter((task) => task.end >= from && task.start <= readout.settledAt)
    .reduce((max, task) => Math.max(max, task.end - task.start), 0);
  return Math.round(longest * 10) / 10;
}

const MATRIX = {
  titles: builtinScenarios()
    .slice(0, SCENARIOS)
    .map((scenario) => scenario.title),
  labels: LABELS,
  seeds: SEEDS,
  runs: RUNS,
};

/** Pure: the Long Animation Frames in the same window as `rowsLongestTask`, one line each. */
export function rowsFrameLines(readout: Readout): string[] {
  const from = readout.lastProgress?.at ?? readout.doneAt;
  return readout.frames
    .filter((frame) => frame.end >= from && frame.start <= readout.settledAt)
    .map(
      (frame) =>
        `  frame +${Math.round(frame.start - from)} ms, ${Math.round(frame.end - frame.start)} ms: ` +
        frame.scripts.map((script) => `${script.invoker} ${script.fn} ${script.ms}`).join('; '),
    );
}

/** The 9,800-run matrix on REPEAT fresh pages of `base`; the median longest task on its rows. */
export async function measureMatrix9800(
  browser: Browser,
  base: string,
): Promise<BrowserMatrix9800Figures> {
  const context = await openBenchContext(browser);
  try {
    const all: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const page = await context.newPage();
      const profile = process.env.BENCH_PROFILE;
      const cdp = profile ? await context.newCDPSession(page) : null;
      const readout = await runMatrix(page, base, MATRIX, async () => {
        if (!cdp) return;
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      });
      all.push(rowsLongestTask(readout));
      log(`matrix 9,800 page load ${i + 1}: longest task on its rows ${all.at(-1)} ms`);
      if (process.env.BENCH_ATTRIBUTION === '1')
        for (const line of rowsFrameLines(readout)) log(line);
      if (cdp && profile) {
        const { profile: taken } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        writeFileSync(`${profile}-${i + 1}.cpuprofile`, JSON.stringify(taken));
        for (const stretch of busyStretches(taken))
          log(
            `  busy +${stretch.start} ms, ${stretch.ms} ms: ` +
              stretch.top.map((entry) => `${entry.fn} ${entry.ms}`).join('; '),
          );
      }
      await page.close();
    }
    return { matrix9800LongestTaskMs: median(all) };
  } finally {
    await context.close();
  }
}
