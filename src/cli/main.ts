/**
 * The `loop` CLI over the engine: `run <scenario> [flags]`, `open FILE` and
 * `eval [--suite builtin|DIR]`.
 * Bad input exits 2 with one line on stderr; a finished run exits 0 whatever its stop reason, a
 * run stopped by Ctrl-C or SIGTERM 130 or 143 after writing what it recorded (`interrupt.ts`).
 */
import {
  FileError,
  ForkError,
  ModelError,
  createMemoryStore,
  runScenario,
  scenarioConfig,
  toTraceJson,
  type ConfigOverrides,
  type Trace,
} from '../engine';
import { EVAL_FLAGS, RUN_FLAGS, UsageError, parseArgs } from './args';
import { ENDPOINT_CONCURRENCY, endpointRunOptions, endpointSettings } from './endpoint';
import { evalJsonRows } from '../projections/eval-matrix';
import { runEval } from './eval';
import { readTraceFile, writeNativeTrace, writeOtlp } from './files';
import { writeSharePage } from './share';
import { formatMatrix, formatSummary, formatTrace } from './format';
import { appendMemoryFile, readMemoryFile } from './memory-file';
import { openCommand } from './open';
import { resolveScenario, resolveSuite } from './scenarios';
import { visibleControls } from './terminal-text';
import { interruptOnSignals, interruptedExitCode, stoppedLine } from './interrupt';

const USAGE =
  'usage: loop run <scenario> [flags] [--out FILE.loopscope.json] [--html FILE.html] [--otlp FILE.json|FILE.jsonl [--openinference]] | loop run [<scenario>] --fork TRACE.json --at STEP [flags] | loop open FILE [--json] [--html FILE.html] [--otlp FILE.json|FILE.jsonl [--openinference]] | loop eval [--suite builtin|DIR] [--json] [--endpoint URL --model NAME]';

/**
 * The one way human output (step lists, tables, error lines) reaches the terminal: control
 * characters from replies, servers and scenario files are shown as `\xNN`. JSON goes out as is.
 */
function say(stream: NodeJS.WriteStream, text: string): void {
  stream.write(visibleControls(text));
}

/** The flags' settings over a recorded run's: a fork changes only what the flags name. */
function overRecorded(recorded: Trace['config'], flags: ConfigOverrides): ConfigOverrides {
  return { ...recorded, ...flags, reflection: { ...recorded.reflection, ...flags.reflection } };
}

/** Runs a scenario; the exit code: 0 for a finished run, 130/143 for one a signal stopped. */
async function run(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, RUN_FLAGS);
  if ((args.fork === null) !== (args.at === null)) {
    throw new UsageError('--fork and --at go together: --fork TRACE.json --at STEP');
  }
  const file = args.fork === null ? null : readTraceFile(args.fork);
  const recorded = file?.trace ?? null;
  if (args.positional.length > 1 || (args.positional.length === 0 && !recorded))
    throw new UsageError(`run takes one scenario (a built-in id or a file path); ${USAGE}`);
  const endpoint = endpointSettings(args);
  // A native file carries the scenario it ran on: a fork needs no scenario named.
  const named = args.positional[0];
  const scenario =
    named !== undefined
      ? resolveScenario(named)
      : (file?.scenario ?? resolveScenario(recorded?.scenario as string));
  if (recorded && recorded.scenario !== scenario.id) {
    throw new UsageError(
      `--fork ${args.fork}: the trace records scenario "${recorded.scenario}", not "${scenario.id}"`,
    );
  }
  const config = scenarioConfig(
    scenario,
    recorded ? overRecorded(recorded.config, args.overrides) : args.overrides,
  );
  if (args.openInference && args.otlp === null)
    throw new UsageError('--openinference goes with --otlp FILE');
  const startTimeMs = Date.now();
  const kept = args.memory === null ? null : readMemoryFile(args.memory);
  for (const problem of kept?.problems ?? [])
    say(process.stderr, `loop: --memory ${args.memory}: ${problem} (skipped)\n`);
  const memory = createMemoryStore(kept?.reflections ?? []);
  const interrupt = interruptOnSignals((line) => say(process.stderr, `${line}\n`), process);
  const trace = await runScenario(scenario, config, {
    ...(endpoint ? endpointRunOptions(endpoint) : {}),
    ...(recorded ? { fork: { trace: recorded, atStep: args.at ?? 0 } } : {}),
    memory,
    signal: interrupt.signal,
  }).finally(interrupt.dispose);
  if (args.memory !== null) {
    const added = memory.list().slice(kept?.reflections.length ?? 0);
    appendMemoryFile(args.memory, added, new Date());
  }
  if (args.out !== null) writeNativeTrace(args.out, trace, scenario);
  if (args.html !== null) writeSharePage(args.html, trace, scenario);
  if (args.otlp !== null) {
    writeOtlp(args.otlp, trace, {
      startTimeMs,
      scenario,
      model: endpoint?.model ?? scenario.model.kind,
      openInference: args.openInference,
    });
  }
  if (args.json) process.stdout.write(`${JSON.stringify(toTraceJson(trace), null, 2)}\n`);
  else say(process.stdout, `${formatTrace(trace)}\n`);
  const stopped = interrupt.received();
  if (stopped !== null)
    say(process.stderr, `${stoppedLine(stopped, trace.steps.length, args.out)}\n`);
  return interruptedExitCode(interrupt) ?? 0;
}

function open(argv: readonly string[]): void {
  const shown = openCommand(argv, USAGE);
  if (shown.json) process.stdout.write(`${shown.text}\n`);
  else say(process.stdout, `${shown.text}\n`);
}

async function evaluate(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv, EVAL_FLAGS);
  if (args.positional.length > 0) throw new UsageError(`eval takes no scenario argument; ${USAGE}`);
  const endpoint = endpointSettings(args);
  const scenarios = resolveSuite(args.suite ?? 'builtin');
  const rows = await runEval(
    scenarios,
    undefined,
    args.overrides,
    endpoint
      ? {
          runOptions: () => endpointRunOptions(endpoint),
          concurrency: ENDPOINT_CONCURRENCY,
          seeds: args.seeds,
        }
      : { seeds: args.seeds },
  );
  if (args.json) {
    const json = evalJsonRows(rows);
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    const matrix = args.seeds === 1 ? `${formatMatrix(rows)}\n\n` : '';
    say(process.stdout, `${matrix}${formatSummary(rows)}\n`);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'run') return await run(rest);
    if (command === 'open') open(rest);
    else if (command === 'eval') await evaluate(rest);
    else throw new UsageError(command ? `unknown command "${command}"; ${USAGE}` : USAGE);
    return 0;
  } catch (error) {
    if (
      error instanceof UsageError ||
      error instanceof FileError ||
      error instanceof ModelError ||
      error instanceof ForkError
    ) {
      say(process.stderr, `loop: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    say(process.stderr, `loop: internal error: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
