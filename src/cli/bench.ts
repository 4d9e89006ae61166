/**
 * `npm run bench -- [--json] [--no-browser | --browser-only | --ui-only | --ui=PIECES | --huge-only]` (or `--write-trace N
 * FILE`: the N-step native trace file the figures open, written, nothing measured; `--write-otlp N FILE`: the N-span
 * OTLP/JSON agent loop `ui.importOtlp100kMs` opens, likewise): engine throughput with zero model
 * latency. One long run of 10,000 action steps, a batch of 1,000 short runs of the scripted
 * built-in scenarios, 500 runs of the simulated ones (the simulated model's own overhead), and an
 * eval matrix of at least 1,000 runs through the eval worker's core, and reading the long run's
 * native trace file (`library.openTraceFileMs`), and aligning two 10,000-step runs as compare
 * does (`compare.align10kMs`). Then the browser's keys:
 * scripts/bench-browser.ts (a child process) runs such a matrix through the built app in Chromium
 * and measures the main thread, then the runs library on its IndexedDB (`browser.library.*`);
 * first of all the page's first load (`ui.*`: its initial JavaScript and CSS, gzipped, and when it
 * is usable under a slow CPU and link; `--ui-only` measures just the `ui.*` keys, and
 * `--ui=first-load,matrix-9800` just those pieces of them: first-load, compare-10k, matrix-9800,
 * huge-trace, otlp-100k, step-while-matrix, open-close).
 * Figures only, no pass/fail: docs/performance.md records them and where the time goes.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createMemoryStore,
  createTokenCounter,
  readTraceText,
  runScenario,
  scenarioConfig,
  toNativeTraceJson,
} from '../engine';
import { DEFAULT_EVAL_LABELS } from '../projections/eval-matrix';
import { builtinScenarios } from '../scenarios';
import { requestJobs, runEvalJobs } from '../workers/eval-runner';
import { alignOnce, comparedRuns } from './bench-align';
import { benchScenario, longTrace } from './bench-runs';
import { parseWriteTrace, writeBenchTrace } from './bench-trace';
import { parseWriteOtlp, writeBenchOtlp } from './bench-otlp';
import { say } from './terminal-text';

const LONG_RUN_STEPS = 10_000;
const SHORT_RUNS = 1_000;
/** Steps in each of the two runs `compare.align10kMs` aligns. */
const ALIGN_STEPS = 10_000;

async function longRun(countTokens = true): Promise<{ steps: number; seconds: number }> {
  const started = performance.now();
  // Without token counting: the same run with a constant count, to show the tokenizer's share.
  const trace = await longTrace(
    LONG_RUN_STEPS,
    countTokens ? undefined : createTokenCounter(() => 1),
  );
  return { steps: trace.steps.length, seconds: (performance.now() - started) / 1000 };
}

/**
 * Opening a trace file of LONG_RUN_STEPS steps: the native file (Trace JSON v2) of the long run,
 * read back with `readTraceText` (what `loop open` and the app's Open… do with its text).
 */
async function traceFileOpen(): Promise<{ steps: number; bytes: number; seconds: number }> {
  const text = JSON.stringify(toNativeTraceJson(await longTrace(LONG_RUN_STEPS), benchScenario));
  const started = performance.now();
  const { trace } = readTraceText(text);
  const seconds = (performance.now() - started) / 1000;
  return { steps: trace.steps.length, bytes: Buffer.byteLength(text), seconds };
}

const SIMULATED_RUNS = 500;

/** The simulated model's overhead: runs of the simulated built-ins on the virtual clock. */
async function simulatedRuns(): Promise<{ runs: number; calls: number; seconds: number }> {
  const scenarios = builtinScenarios().filter((scenario) => scenario.model.kind === 'simulated');
  let calls = 0;
  const started = performance.now();
  for (let i = 0; i < SIMULATED_RUNS; i++) {
    const scenario = scenarios[i % scenarios.length]!;
    const seed = 1 + Math.floor(i / scenarios.length);
    const trace = await runScenario(scenario, scenarioConfig(scenario, { seed }));
    calls += trace.metrics.llmCalls;
  }
  return { runs: SIMULATED_RUNS, calls, seconds: (performance.now() - started) / 1000 };
}

const MATRIX_MIN_RUNS = 1_000;

/**
 * The eval matrix as the browser's worker runs it (the same job list and loop, minus the
 * messages): every simulated built-in × the four default configs × enough seeds for 1,000 runs.
 */
async function matrixRuns(): Promise<{ runs: number; seconds: number }> {
  const scenarios = builtinScenarios().filter((scenario) => scenario.model.kind === 'simulated');
  const perSeed = scenarios.length * DEFAULT_EVAL_LABELS.length;
  const jobs = requestJobs(
    {
      scenarioIds: scenarios.map((scenario) => scenario.id),
      configLabels: DEFAULT_EVAL_LABELS,
      seeds: Math.ceil(MATRIX_MIN_RUNS / perSeed),
    },
    scenarios,
  );
  const started = performance.now();
  const result = await runEvalJobs(jobs, { onProgress: () => {}, cancelled: () => false });
  const seconds = (performance.now() - started) / 1000;
  if (result.rows.length !== jobs.length) throw new Error(`matrix ran ${result.rows.length} runs`);
  return { runs: result.rows.length, seconds };
}

async function shortRuns(): Promise<{ runs: number; steps: number; seconds: number }> {
  const scenarios = builtinScenarios().filter((scenario) => scenario.model.kind === 'scripted');
  let steps = 0;
  const started = performance.now();
  for (let i = 0; i < SHORT_RUNS; i++) {
    const scenario = scenarios[i % scenarios.length]!;
    const trace = await runScenario(scenario, scenarioConfig(scenario), {
      memory: createMemoryStore(),
    });
    steps += trace.steps.length;
  }
  return { runs: SHORT_RUNS, steps, seconds: (performance.now() - started) / 1000 };
}

const round = (value: number) => Math.round(value);
/** Each figure is the median of this many repetitions: single runs swing with JIT and GC. */
const REPEAT = 5;

async function median<T extends { seconds: number }>(measure: () => Promise<T>): Promise<T> {
  const results: T[] = [];
  for (let i = 0; i < REPEAT; i++) results.push(await measure());
  return results.sort((a, b) => a.seconds - b.seconds)[Math.floor(REPEAT / 2)]!;
}

/** The Node-side keys, measured in this process. */
async function nodeFigures() {
  await shortRuns(); // warm-up: JIT and the tokenizer's tables
  const long = await median(() => longRun());
  const bare = await median(() => longRun(false));
  const short = await median(shortRuns);
  const simulatedRun = await median(simulatedRuns);
  const simulated = {
    runsPerSecond: round(simulatedRun.runs / simulatedRun.seconds),
    msPerCall: Number(((simulatedRun.seconds * 1000) / simulatedRun.calls).toFixed(3)),
  };
  const matrixRun = await median(matrixRuns);
  const matrix = {
    runs: matrixRun.runs,
    runsPerSecond: round(matrixRun.runs / matrixRun.seconds),
  };
  const engine = {
    stepsPerSecond: round(long.steps / long.seconds),
    runsPerSecond: round(short.runs / short.seconds),
    peakRssMB: round(process.resourceUsage().maxRSS / 1024),
    stepsPerSecondWithoutTokenCounting: round(bare.steps / bare.seconds),
    longRunSteps: long.steps,
    longRunSeconds: Number(long.seconds.toFixed(3)),
    shortRunSteps: short.steps,
  };
  const opened = await median(traceFileOpen);
  const library = {
    openTraceFileMs: Number((opened.seconds * 1000).toFixed(1)),
    traceFileSteps: opened.steps,
    traceFileBytes: opened.bytes,
  };
  const lanes = await comparedRuns(ALIGN_STEPS);
  const aligned = await median(async () => alignOnce(lanes));
  const compare = {
    align10kMs: Number((aligned.seconds * 1000).toFixed(1)),
    align10kRows: aligned.rows,
  };
  const lines = [
    `long run:   ${long.steps} steps in ${long.seconds.toFixed(2)} s → ${engine.stepsPerSecond} steps/s`,
    `            without token counting → ${engine.stepsPerSecondWithoutTokenCounting} steps/s`,
    `short runs: ${short.runs} runs (${short.steps} steps) in ${short.seconds.toFixed(2)} s → ${engine.runsPerSecond} runs/s`,
    `simulated:  ${simulatedRun.runs} runs (${simulatedRun.calls} model calls) → ${simulated.runsPerSecond} runs/s, ${simulated.msPerCall} ms per call`,
    `matrix:     ${matrix.runs} eval runs (simulated built-ins × 4 configs × seeds) → ${matrix.runsPerSecond} runs/s`,
    `trace file: a ${opened.steps}-step native file (${(opened.bytes / 1e6).toFixed(1)} MB) read in ${library.openTraceFileMs} ms`,
    `compare:    two ${ALIGN_STEPS}-step runs aligned in ${compare.align10kMs} ms (${compare.align10kRows} rows)`,
    `peak RSS:   ${engine.peakRssMB} MB`,
  ];
  return { figures: { engine, simulated, matrix, library, compare }, lines };
}

const BROWSER_BENCH = fileURLToPath(new URL('../../scripts/bench-browser.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs scripts/bench-browser.ts in a child Node (tsx loaded): with `--json` its stdout is one
 * JSON line (`{"browser":…}` or `{"skipped":…}`), else its table lines, passed through `say`
 * like its stderr (progress, errors), so neither can drive the terminal. A signal here is passed on, so its preview server and
 * browser are stopped before we exit.
 */
async function browserFigures(
  json: boolean,
  uiOnly: boolean,
  uiPieces: readonly string[],
): Promise<{ browser?: unknown; ui?: unknown; skipped?: string; failed?: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      BROWSER_BENCH,
      ...(json ? ['--json'] : []),
      ...(uiOnly ? ['--ui-only'] : []),
      ...uiPieces,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    if (json) stdout += chunk;
    else say(process.stdout, chunk);
  });
  child.stderr.on('data', (chunk: string) => say(process.stderr, chunk));
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null) child.kill(signal);
  };
  const onInt = forward('SIGINT');
  const onTerm = forward('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  try {
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>(
      (resolve, reject) => {
        child.once('error', reject);
        child.once('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
      },
    );
    if (signal) process.exit(signal === 'SIGINT' ? 130 : 143);
    if (code === 130 || code === 143) process.exit(code);
    if (code !== 0) return { failed: `exit code ${code}; its message is above` };
    if (!json) return {};
    const last = stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(last) as { browser?: unknown; ui?: unknown; skipped?: string };
  } catch (error) {
    return { failed: error instanceof Error ? error.message : String(error) };
  } finally {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const writeTrace = parseWriteTrace(args);
  if (writeTrace && 'problem' in writeTrace) {
    say(process.stderr, `bench: ${writeTrace.problem}\n`);
    process.exitCode = 2;
    return;
  }
  const writeOtlp = parseWriteOtlp(args);
  if (writeOtlp && 'problem' in writeOtlp) {
    say(process.stderr, `bench: ${writeOtlp.problem}\n`);
    process.exitCode = 2;
    return;
  }
  if (writeOtlp) {
    const bytes = writeBenchOtlp(writeOtlp);
    say(
      process.stderr,
      `bench: wrote a ${writeOtlp.spans}-span OTLP/JSON agent loop (${(bytes / 1e6).toFixed(1)} MB) to ${writeOtlp.file}\n`,
    );
    return;
  }
  if (writeTrace) {
    const bytes = await writeBenchTrace(writeTrace);
    say(
      process.stderr,
      `bench: wrote a ${writeTrace.steps}-step native trace (${(bytes / 1e6).toFixed(1)} MB) to ${writeTrace.file}\n`,
    );
    return;
  }
  const json = args.includes('--json');
  // --ui-only: the `ui.*` figures alone, in the browser; --ui=first-load,matrix-9800: only those
  // pieces of them (scripts/bench-browser/ui-pieces.ts); --huge-only: --ui=huge-trace.
  const uiPieces = args.filter((arg) => arg.startsWith('--ui=') || arg === '--huge-only');
  const uiOnly = uiPieces.length > 0 || args.includes('--ui-only');
  const browserOnly = uiOnly || args.includes('--browser-only');
  const withBrowser = !args.includes('--no-browser');
  if (browserOnly && !withBrowser) {
    say(process.stderr, 'bench: --browser-only and --no-browser leave nothing to measure.\n');
    process.exitCode = 2;
    return;
  }
  const node = browserOnly ? null : await nodeFigures();
  if (node && !json) say(process.stdout, node.lines.join('\n') + '\n');
  const browser = withBrowser ? await browserFigures(json, uiOnly, uiPieces) : {};
  if (browser.failed !== undefined) {
    say(
      process.stderr,
      `bench: the browser bench failed (${browser.failed})` +
        `${browserOnly ? '' : ', the Node figures stand'}.\n`,
    );
    process.exitCode = 1;
  }
  if (!json) return;
  if (browser.skipped) say(process.stderr, `${browser.skipped}\n`);
  process.stdout.write(
    `${JSON.stringify({
      ...node?.figures,
      ...(browser.browser ? { browser: browser.browser } : {}),
      ...(browser.ui ? { ui: browser.ui } : {}),
    })}\n`,
  );
}

await main();
