/**
 * The OTLP import figures (`ui.*`, issue 12's "the same holds for a 100,000-span OTLP file"), in
 * the built app through Playwright, on the file `writeBenchOtlp` writes (what `npm run --silent
 * bench -- --write-otlp 100000 FILE` writes: a GenAI agent loop of 50,000 chat and 49,999
 * execute_tool spans under one invoke_agent span, ~92 MB, 50,000 steps):
 * - `importOtlp100kMs`: the file chosen in the `Open…` picker (the input's `change`) to the end of
 *   the first frame that shows its timeline (on its last step), its metrics and a node of its
 *   phase graph, as `import100kMs` for a native trace.
 * - `jsonParseOtlp100kMs`: `JSON.parse` of the same file's text alone, in the same page, before.
 * - `otlp100kLongestTaskMs`: the longest main-thread task (the probe's `longtask`s; 0: none over
 *   50 ms) from the `change` until the opened run is written to the library (its record is in
 *   IndexedDB; the "Opened … kept in the library" notice says so once it is) and no long task has ended for
 *   a second: the open worker's answer arriving, the first render and the library write.
 * Each over REPEAT fresh pages, the median; each page's log line splits the time between the
 * open worker and the page (when the worker's messages arrived). BENCH_PROFILE=<prefix> takes a
 * CDP CPU profile of the page's main thread (100 µs) from the `change` until settled, writes
 * `<prefix>-otlp-<page>.cpuprofile` and logs its busy stretches over 50 ms with their heaviest
 * functions (an unminified build names them: `vite build --minify false`, BENCH_PREBUILT=1).
 * Figures only, no pass/fail.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { writeBenchOtlp } from '../../src/cli/bench-otlp';
import { BenchError, QUIET_MS, REPEAT, SETTLE_MAX_MS, log, timedOut } from './common';
import { busyStretches, type CpuProfile } from './cpu-profile';
import { openedPage, timeFileJsonParse } from './huge-trace';
import { armImport, waitForKeptRecord } from './huge-trace-page';
import { watchOpenWorker, type OpenWatch } from './otlp-100k-page';
import type { ProbeWindow } from './probe';
import { longestTaskBetween, median } from './stats';

export interface OtlpFigures {
  readonly importOtlp100kMs: number;
  readonly jsonParseOtlp100kMs: number;
  readonly otlp100kLongestTaskMs: number;
}

const SPANS = 100_000;
/** The generator's loop: each chat and the tool after it one step, the last chat the answer. */
const STEPS = SPANS / 2;
const OPEN_TIMEOUT_MS = 300_000;
const KEPT_TIMEOUT_MS = 120_000;

/** One page's figures and the times (ms after the `change`) its log line splits them by. */
interface OtlpOnce {
  readonly importMs: number;
  readonly jsonParse: number;
  readonly longestTask: number;
  readonly split: string;
}

async function otlpOnce(
  browser: Browser,
  base: string,
  file: string,
  index: number,
): Promise<OtlpOnce> {
  const { context, page } = await openedPage(browser, base, watchOpenWorker);
  try {
    const jsonParse = await timeFileJsonParse(page, file);
    await page.evaluate(armImport, STEPS);
    const profile = process.env.BENCH_PROFILE;
    const cdp = profile ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const name = path.basename(file);
    await page.getByTestId('open-file-input').setInputFiles(file);
    await page
      .getByTestId('open-notice')
      .filter({ hasText: `Opened ${name} (OTLP/JSON): ${SPANS} spans as ${STEPS} steps` })
      .filter({ hasText: 'kept in the library' })
      .waitFor({ timeout: OPEN_TIMEOUT_MS })
      .catch(timedOut(`${name} did not open within ${OPEN_TIMEOUT_MS / 1000} s`));
    await page.waitForFunction(
      () =>
        (window as unknown as { __benchImport: { paintAt: number | null } }).__benchImport
          .paintAt !== null,
      undefined,
      { timeout: OPEN_TIMEOUT_MS },
    );
    const keptAt = await page.evaluate(waitForKeptRecord, KEPT_TIMEOUT_MS);
    if (keptAt === null)
      throw new BenchError(`${name} was not written to the library within ${KEPT_TIMEOUT_MS} ms`);
    const read = await page.evaluate(
      async ([keptAt, quietMs, maxMs]) => {
        const probe = (window as unknown as ProbeWindow).__benchProbe;
        while (
          performance.now() - Math.max(probe.lastTaskEnd, keptAt) < quietMs &&
          performance.now() - keptAt < maxMs
        )
          await new Promise((resolve) => setTimeout(resolve, 100));
        const times = (
          window as unknown as { __benchImport: { changeAt: number; paintAt: number } }
        ).__benchImport;
        const open = (window as unknown as { __benchOpen: OpenWatch }).__benchOpen;
        return {
          changeAt: times.changeAt,
          paintAt: times.paintAt,
          settledAt: Math.max(probe.lastTaskEnd, keptAt),
          tasks: probe.tasks,
          open,
        };
      },
      [keptAt, QUIET_MS, SETTLE_MAX_MS] as const,
    );
    if (read.changeAt === null) throw new BenchError('the page did not see the file chosen');
    if (cdp && profile) {
      const { profile: taken } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      writeFileSync(`${profile}-otlp-${index + 1}.cpuprofile`, JSON.stringify(taken));
      for (const stretch of busyStretches(taken))
        log(
          `  busy +${stretch.start} ms, ${stretch.ms} ms: ` +
            stretch.top.map((entry) => `${entry.fn} ${entry.ms}`).join('; '),
        );
    }
    const after = (at: number | undefined) =>
      at === undefined ? '?' : `+${Math.round(at - read.changeAt)}`;
    // Each stage of the open worker as it first reached the page (reading, parsing, part, opened, kept…).
    const stages = Object.entries(read.open.at)
      .sort((a, b) => a[1] - b[1])
      .map(([stage, at]) => `${stage} ${after(at)}`)
      .join(', ');
    const split =
      `worker messages: ${stages} ms (the opened message's data read in ${Math.round(read.open.openedDataMs ?? NaN)} ms); ` +
      `painted ${after(read.paintAt)} ms, kept ${after(keptAt)} ms`;
    return {
      importMs: read.paintAt - read.changeAt,
      jsonParse,
      longestTask: longestTaskBetween(read.tasks, read.changeAt, read.settledAt),
      split,
    };
  } finally {
    await context.close();
  }
}

/** Writes the 100,000-span file, opens it REPEAT times in fresh pages; the median of each figure. */
export async function measureOtlp100k(browser: Browser, base: string): Promise<OtlpFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-otlp-'));
  try {
    const file = path.join(dir, 't100k.otlp.json');
    const bytes = writeBenchOtlp({ spans: SPANS, file });
    log(
      `opening a ${SPANS.toLocaleString('en-US')}-span OTLP file (${(bytes / 1e6).toFixed(1)} MB, ${STEPS.toLocaleString('en-US')} steps)…`,
    );
    const runs: OtlpOnce[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const one = await otlpOnce(browser, base, file, i);
      log(
        `  ${SPANS}-span OTLP file: import ${Math.round(one.importMs)} ms, JSON.parse ${Math.round(one.jsonParse)} ms, longest main-thread task ${one.longestTask} ms; ${one.split}`,
      );
      runs.push(one);
    }
    return {
      importOtlp100kMs: Math.round(median(runs.map((one) => one.importMs))),
      jsonParseOtlp100kMs: Math.round(median(runs.map((one) => one.jsonParse))),
      otlp100kLongestTaskMs: median(runs.map((one) => one.longestTask)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
