/**
 * The browser half of `npm run bench`: builds the app, serves it with `vite preview`, opens
 * `#/eval` in Debian Chromium, runs an eval matrix of at least 1,000 runs through the UI (by role
 * and label, as a user would) and reports runs per second and the longest main-thread task while
 * the worker runs and when the rows arrive. Figures only, no pass/fail: docs/performance.md.
 *
 * `tsx scripts/bench-browser.ts [--json]`. Env: CHROMIUM_PATH (else `chromium` on PATH),
 * BENCH_PORT (else a free port), BENCH_OUT_DIR (else a temporary directory, removed at the end),
 * BENCH_REPEAT (fresh page loads, median; 3), BENCH_TIMEOUT_S (per matrix; 120).
 * With `--json` it prints one line: `{"browser":{...}}`, or `{"skipped":"why"}` without Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DEFAULT_EVAL_LABELS, EVAL_PRESETS } from '../src/projections/eval-matrix';
import { builtinScenarios } from '../src/scenarios';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const json = process.argv.includes('--json');

/** A matrix as `npm run bench`'s `matrix.*` runs it: simulated built-ins × the CLI's 4 configs. */
const MATRIX_MIN_RUNS = 1_000;
const REPEAT = positive(process.env.BENCH_REPEAT, 3);
const MATRIX_TIMEOUT_MS = positive(process.env.BENCH_TIMEOUT_S, 120) * 1000;
const BUILD_TIMEOUT_MS = 300_000;
const SERVER_TIMEOUT_MS = 30_000;
/** After the charts are on screen: this long without a long task means settled (waited 15 s at most). */
const QUIET_MS = 1_000;
const SETTLE_MAX_MS = 15_000;
const CHROMIUM_HINT =
  'install it with `apt-get install -y chromium` (Debian/Ubuntu, as root) or set CHROMIUM_PATH to a Chromium binary';

/** The figures of one matrix; the report holds the median of each over REPEAT page loads. */
export interface BrowserMatrixFigures {
  readonly runs: number;
  /** Runs over the seconds from the click on Run matrix to the rows in the table. */
  readonly runsPerSecond: number;
  readonly secondsToRows: number;
  /** From the click to the first progress report: its first run (the worker starts with the view). */
  readonly msToFirstProgress: number;
  /** Runs per second between the first and the last progress report: the worker, warmed up. */
  readonly workerRunsPerSecond: number;
  /** Longest `longtask` from the click until the worker's rows arrive (0: none over 50 ms). */
  readonly longestTaskMs: number;
  /** Longest `longtask` from the rows' arrival until the table and charts have settled. */
  readonly longestTaskOnRowsMs: number;
  /** The `longtask` the rows arrive in (the table and the charts render in it; 0: under 50 ms). */
  readonly rowsTaskMs: number;
  /** Longest gap between two animation frames while running (a cross-check; ~17 ms idle). */
  readonly longestFrameGapMs: number;
  /** The same from the rows' arrival until settled. */
  readonly longestFrameGapOnRowsMs: number;
}

const FIGURE_KEYS: readonly (keyof BrowserMatrixFigures)[] = [
  'runs',
  'runsPerSecond',
  'secondsToRows',
  'msToFirstProgress',
  'workerRunsPerSecond',
  'longestTaskMs',
  'longestTaskOnRowsMs',
  'rowsTaskMs',
  'longestFrameGapMs',
  'longestFrameGapOnRowsMs',
];

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/** What went wrong, said once, for a person: the bench prints it and stops. */
class BenchError extends Error {}

const log = (line: string) => process.stderr.write(`bench-browser: ${line}\n`);

/** A Playwright wait that ran out of time, said as `message`; other errors pass through. */
const timedOut =
  (message: string) =>
  (error: unknown): never => {
    throw error instanceof Error && error.name === 'TimeoutError' ? new BenchError(message) : error;
  };

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, else `chromium` / `chromium-browser` on PATH; a reason when there is none. */
function findChromium(): { path: string } | { missing: string } {
  const given = process.env.CHROMIUM_PATH;
  if (given)
    return executable(given)
      ? { path: given }
      : { missing: `CHROMIUM_PATH=${given} is not an executable file; ${CHROMIUM_HINT}` };
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean))
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = path.join(dir, name);
      if (executable(candidate)) return { path: candidate };
    }
  return { missing: `Chromium not found on PATH; ${CHROMIUM_HINT}` };
}

/** The children this process started; killed on any exit, by their own handle. */
const children = new Set<ChildProcess>();
let browser: Browser | null = null;
let tempDir: string | null = null;
/** A signal came: what fails after it (the closed browser) is not worth a message. */
let stopping = false;

function start(args: readonly string[]): ChildProcess {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'vite'), args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function killChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  children.clear();
}

function removeTempDir(): void {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = null;
}

/** Closes the browser (at most 5 s), stops vite and removes the temporary build. */
async function cleanUp(): Promise<void> {
  const open = browser;
  browser = null;
  if (open)
    await Promise.race([open.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
  killChildren();
  removeTempDir();
}

// Synchronous last resort (an uncaught error, process.exit): vite must not outlive the bench.
// Playwright kills the browsers it launched on exit itself.
process.on('exit', () => {
  killChildren();
  removeTempDir();
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const)
  process.on(signal, () => {
    stopping = true;
    log(`${signal}: stopping the preview server and the browser`);
    void cleanUp().finally(() => process.exit(code));
  });

/** The output of a child, kept short for an error message. */
function collect(child: ChildProcess): () => string {
  let text = '';
  const add = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => text.trim();
}

async function build(outDir: string): Promise<void> {
  const child = start(['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
  const output = collect(child);
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new BenchError(`vite build did not finish in ${BUILD_TIMEOUT_MS / 1000} s`));
    }, BUILD_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new BenchError(`vite build could not start: ${error.message}`));
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  if (code !== 0) throw new BenchError(`vite build failed (exit code ${code}):\n${output()}`);
}

/** A port nothing listens on now (the OS picks it); BENCH_PORT wins. */
async function freePort(): Promise<number> {
  const given = Number(process.env.BENCH_PORT);
  if (Number.isInteger(given) && given > 0) return given;
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

/** `vite preview` of the build; resolves when it answers. */
async function serve(outDir: string, port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const child = start([
    'preview',
    '--outDir',
    outDir,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--strictPort',
  ]);
  const output = collect(child);
  const deadline = Date.now() + SERVER_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new BenchError(
        `vite preview stopped (exit code ${child.exitCode}) — is port ${port} taken? Set BENCH_PORT to a free one.\n${output()}`,
      );
    try {
      if ((await fetch(base, { signal: AbortSignal.timeout(2_000) })).ok) return base;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new BenchError(`vite preview did not answer on ${base} in ${SERVER_TIMEOUT_MS / 1000} s`);
}

interface Span {
  readonly start: number;
  readonly end: number;
}

interface Progress {
  readonly at: number;
  readonly done: number;
}

/** What the page's probe records; `performance.now()` times. */
interface Probe {
  /** Every `longtask` since the page started (over 50 ms each). */
  tasks: Span[];
  /** Gaps between animation frames since `arm()`. */
  gaps: Span[];
  clickAt: number | null;
  doneAt: number | null;
  doneText: string;
  firstProgress: Progress | null;
  lastProgress: Progress | null;
  lastTaskEnd: number;
  framing: boolean;
  arm(): void;
}

/** The probe as the page holds it (functions sent to the page repeat this cast: they are serialised). */
type ProbeWindow = Window & { __benchProbe: Probe };

/**
 * The page's probe, installed before any app script: a buffered `longtask` observer from the
 * start, and on `arm()` a click listener (the Run matrix click starts the clock), watches on the
 * progress bar and on the results' status line (its "Done:" marks the rows' arrival: the store
 * sets status and rows together, so they commit in the same task) and a requestAnimationFrame
 * gap monitor.
 */
function installProbe(): void {
  const probe: Probe = {
    tasks: [],
    gaps: [],
    clickAt: null,
    doneAt: null,
    doneText: '',
    firstProgress: null,
    lastProgress: null,
    lastTaskEnd: 0,
    framing: false,
    arm(): void {
      document.addEventListener(
        'click',
        (event) => {
          const button = (event.target as Element | null)?.closest('button');
          if (probe.clickAt === null && button?.textContent?.trim() === 'Run matrix')
            probe.clickAt = performance.now();
        },
        { capture: true },
      );
      const status = document.querySelector('section[aria-label="Matrix results"] [role="status"]');
      const bar = document.querySelector('[role="progressbar"][aria-label="Matrix progress"]');
      if (!status || !bar) throw new Error('the status line or the progress bar is missing');
      new MutationObserver(() => {
        const text = status.textContent ?? '';
        if (probe.doneAt === null && /^(Done|Cancelled)/.test(text)) {
          probe.doneAt = performance.now();
          probe.doneText = text;
        }
      }).observe(status, { childList: true, characterData: true, subtree: true });
      new MutationObserver(() => {
        const done = Number(bar.getAttribute('aria-valuenow'));
        if (probe.clickAt === null || probe.doneAt !== null || !(done > 0)) return;
        const at = performance.now();
        probe.firstProgress ??= { at, done };
        probe.lastProgress = { at, done };
      }).observe(bar, { attributes: true, attributeFilter: ['aria-valuenow'] });
      probe.framing = true;
      let last = performance.now();
      const frame = (now: number) => {
        probe.gaps.push({ start: last, end: now });
        last = now;
        if (probe.framing) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const end = entry.startTime + entry.duration;
      probe.tasks.push({ start: entry.startTime, end });
      probe.lastTaskEnd = Math.max(probe.lastTaskEnd, end);
    }
  }).observe({ type: 'longtask', buffered: true });
  (window as unknown as ProbeWindow).__benchProbe = probe;
}

/** The probe's record of one matrix, read back once the page has settled. */
interface Readout {
  readonly clickAt: number;
  readonly doneAt: number;
  readonly doneText: string;
  readonly firstProgress: Progress | null;
  readonly lastProgress: Progress | null;
  readonly settledAt: number;
  readonly tasks: readonly Span[];
  readonly gaps: readonly Span[];
}

/** The matrix this bench runs: every simulated built-in × the CLI's configs × enough seeds. */
function benchMatrix() {
  const scenarios = builtinScenarios().filter((scenario) => scenario.model.kind === 'simulated');
  const seeds = Math.ceil(MATRIX_MIN_RUNS / (scenarios.length * DEFAULT_EVAL_LABELS.length));
  return {
    titles: scenarios.map((scenario) => scenario.title),
    seeds,
    runs: scenarios.length * DEFAULT_EVAL_LABELS.length * seeds,
  };
}

/** One matrix on a freshly loaded page, picked and started through the UI. */
async function measure(page: Page, base: string): Promise<BrowserMatrixFigures> {
  const matrix = benchMatrix();
  await page.goto(`${base}/#/eval`);
  await page.getByRole('heading', { name: 'Eval matrix', exact: true }).waitFor();
  const setup = page.getByRole('complementary', { name: 'Matrix setup', exact: true });
  await setup.getByRole('button', { name: 'Select no scenarios', exact: true }).click();
  for (const title of matrix.titles)
    await setup.getByRole('checkbox', { name: title, exact: true }).check();
  for (const { label } of EVAL_PRESETS)
    await setup
      .getByRole('checkbox', { name: label, exact: true })
      .setChecked(DEFAULT_EVAL_LABELS.includes(label));
  await setup.getByLabel('Seeds per cell', { exact: true }).fill(String(matrix.seeds));
  const runsText = `${matrix.runs.toLocaleString('en-US')} runs`;
  await setup
    .getByText(runsText, { exact: true })
    .waitFor({ timeout: 5_000 })
    .catch(timedOut(`the setup does not show "${runsText}" after picking the matrix`));

  await page.evaluate(() => (window as unknown as ProbeWindow).__benchProbe.arm());
  await setup.getByRole('button', { name: 'Run matrix', exact: true }).click();
  await page
    .waitForFunction(() => (window as unknown as ProbeWindow).__benchProbe.doneAt !== null, null, {
      timeout: MATRIX_TIMEOUT_MS,
      polling: 100,
    })
    .catch(
      timedOut(
        `the ${runsText} matrix did not finish in ${MATRIX_TIMEOUT_MS / 1000} s (BENCH_TIMEOUT_S raises the limit)`,
      ),
    );
  // The rows are in; the charts mount after the table. Settled: the last chart is drawn and no
  // long task has ended for QUIET_MS.
  await page
    .getByRole('figure', { name: /^Calls per scenario/ })
    .locator('svg')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(timedOut('the charts did not appear within 30 s of the rows'));
  const readout = await page.evaluate(
    async ([quietMs, maxMs]): Promise<Readout> => {
      const probe = (window as unknown as ProbeWindow).__benchProbe;
      const since = performance.now();
      while (
        performance.now() - Math.max(probe.lastTaskEnd, since) < quietMs &&
        performance.now() - since < maxMs
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      probe.framing = false;
      return {
        clickAt: probe.clickAt ?? Number.NaN,
        doneAt: probe.doneAt ?? Number.NaN,
        doneText: probe.doneText,
        firstProgress: probe.firstProgress,
        lastProgress: probe.lastProgress,
        settledAt: Math.max(probe.lastTaskEnd, since),
        tasks: probe.tasks,
        gaps: probe.gaps,
      };
    },
    [QUIET_MS, SETTLE_MAX_MS] as const,
  );
  if (!Number.isFinite(readout.clickAt))
    throw new BenchError('the click on Run matrix was not seen by the page');
  if (!readout.doneText.startsWith(`Done: ${runsText}`))
    throw new BenchError(`the matrix ended with "${readout.doneText}", not ${runsText}`);
  return figures(matrix.runs, readout);
}

const oneDecimal = (ms: number) => Math.round(ms * 10) / 10;
const longest = (spans: readonly Span[]) =>
  spans.reduce((max, span) => Math.max(max, span.end - span.start), 0);

/** Splits tasks and frame gaps at the rows' arrival: one that ends before it ran while the worker did. */
function figures(runs: number, probe: Readout): BrowserMatrixFigures {
  const { clickAt, doneAt, settledAt, firstProgress, lastProgress } = probe;
  const running = (span: Span) => span.end > clickAt && span.end < doneAt;
  const onRows = (span: Span) => span.end >= doneAt && span.start <= settledAt;
  const seconds = (doneAt - clickAt) / 1000;
  const steady =
    firstProgress && lastProgress && lastProgress.at > firstProgress.at
      ? (lastProgress.done - firstProgress.done) / ((lastProgress.at - firstProgress.at) / 1000)
      : Number.NaN;
  return {
    runs,
    runsPerSecond: Math.round(runs / seconds),
    secondsToRows: Number(seconds.toFixed(3)),
    msToFirstProgress: firstProgress ? Math.round(firstProgress.at - clickAt) : Number.NaN,
    workerRunsPerSecond: Math.round(steady),
    longestTaskMs: oneDecimal(longest(probe.tasks.filter(running))),
    longestTaskOnRowsMs: oneDecimal(longest(probe.tasks.filter(onRows))),
    rowsTaskMs: oneDecimal(
      longest(probe.tasks.filter((task) => task.start <= doneAt && task.end >= doneAt)),
    ),
    longestFrameGapMs: oneDecimal(longest(probe.gaps.filter(running))),
    longestFrameGapOnRowsMs: oneDecimal(longest(probe.gaps.filter(onRows))),
  };
}

/** The median of each figure over the repetitions (single page loads swing with JIT and GC). */
function medians(all: readonly BrowserMatrixFigures[]): BrowserMatrixFigures {
  const median = (key: keyof BrowserMatrixFigures) => {
    const sorted = all.map((figures) => figures[key]).sort((x, y) => x - y);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return Object.fromEntries(
    FIGURE_KEYS.map((key) => [key, median(key)]),
  ) as unknown as BrowserMatrixFigures;
}

async function main(): Promise<void> {
  const found = findChromium();
  if ('missing' in found) {
    const reason = `browser keys skipped: ${found.missing}`;
    if (json) process.stdout.write(`${JSON.stringify({ skipped: reason })}\n`);
    else process.stdout.write(`browser:    ${reason}\n`);
    return;
  }
  const outDir =
    process.env.BENCH_OUT_DIR ?? (tempDir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-')));
  const port = await freePort();
  log(`building the app into ${outDir}…`);
  await build(outDir);
  const base = await serve(outDir, port);
  log(`serving it on ${base}; Chromium runs ${REPEAT} matrices…`);
  browser = await chromium.launch({
    executablePath: found.path,
    headless: true,
    timeout: 60_000,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  // tsx compiles this file with esbuild's keepNames: functions sent to the page call `__name`.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(installProbe);
  context.setDefaultTimeout(30_000);
  const all: BrowserMatrixFigures[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const page = await context.newPage();
    const figures = await measure(page, base);
    log(`page load ${i + 1}: ${FIGURE_KEYS.map((key) => `${key} ${figures[key]}`).join(', ')}`);
    all.push(figures);
    await page.close();
  }
  const matrix = medians(all);
  if (json) {
    process.stdout.write(`${JSON.stringify({ browser: { matrix } })}\n`);
    return;
  }
  const lines = [
    `${matrix.runs} eval runs through #/eval in Chromium (median of ${REPEAT} page loads): click to rows ${matrix.secondsToRows} s → ${matrix.runsPerSecond} runs/s`,
    `first progress after ${matrix.msToFirstProgress} ms (worker start-up), then ${matrix.workerRunsPerSecond} runs/s in the worker`,
    `longest main-thread task ${matrix.longestTaskMs} ms while running, ${matrix.longestTaskOnRowsMs} ms when the rows arrive (the rows' own task, table and charts: ${matrix.rowsTaskMs} ms; 0: none over 50 ms)`,
    `longest frame gap ${matrix.longestFrameGapMs} ms while running, ${matrix.longestFrameGapOnRowsMs} ms when the rows arrive`,
  ];
  process.stdout.write(
    lines.map((line, i) => `${i === 0 ? 'browser:   ' : '           '} ${line}\n`).join(''),
  );
}

try {
  await main();
  await cleanUp();
} catch (error) {
  await cleanUp();
  if (!stopping) {
    const message =
      error instanceof BenchError
        ? error.message
        : error instanceof Error && error.name === 'TimeoutError'
          ? `timed out: ${error.message}`
          : error instanceof Error
            ? (error.stack ?? error.message)
            : String(error);
    process.stderr.write(`bench-browser: ${message}\n`);
    process.exitCode = 1;
  }
}
