/**
 * The `loop` CLI over the engine: `run <scenario> [flags]` and `eval [--suite builtin|DIR]`.
 * Bad input exits 2 with one line on stderr; a finished run exits 0 whatever its stop reason.
 */
import { ModelError, runScenario, scenarioConfig, toTraceJson } from '../engine';
import { EVAL_FLAGS, RUN_FLAGS, UsageError, parseArgs, type ParsedArgs } from './args';
import { runEval } from './eval';
import { formatMatrix, formatTrace } from './format';
import { resolveScenario, resolveSuite } from './scenarios';

const USAGE = 'usage: loop run <scenario> [flags] | loop eval [--suite builtin|DIR] [--json]';

function rejectEndpoint(args: ParsedArgs): void {
  const { endpoint, model, apiKeyEnv } = args.endpoint;
  if (endpoint !== null || model !== null || apiKeyEnv !== null) {
    throw new UsageError(
      '--endpoint/--model/--api-key-env: real endpoints arrive with the models issue; this build runs scripted scenarios',
    );
  }
  if (args.overrides.protocol === 'tools') {
    throw new UsageError(
      '--protocol tools needs a real endpoint (--endpoint), which this build cannot run yet',
    );
  }
}

async function run(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv, RUN_FLAGS);
  if (args.positional.length !== 1)
    throw new UsageError(`run takes one scenario (a built-in id or a file path); ${USAGE}`);
  rejectEndpoint(args);
  const scenario = resolveScenario(args.positional[0] as string);
  const trace = await runScenario(scenario, scenarioConfig(scenario, args.overrides));
  process.stdout.write(
    args.json ? `${JSON.stringify(toTraceJson(trace), null, 2)}\n` : `${formatTrace(trace)}\n`,
  );
}

async function evaluate(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv, EVAL_FLAGS);
  if (args.positional.length > 0) throw new UsageError(`eval takes no scenario argument; ${USAGE}`);
  rejectEndpoint(args);
  const rows = await runEval(resolveSuite(args.suite ?? 'builtin'), undefined, args.overrides);
  if (args.json) {
    const json = rows.map(({ scenario, tags, config, stopReason, correct, metrics }) => ({
      scenario,
      tags,
      config,
      stopReason,
      correct,
      metrics,
    }));
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    process.stdout.write(`${formatMatrix(rows)}\n`);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'run') await run(rest);
    else if (command === 'eval') await evaluate(rest);
    else throw new UsageError(command ? `unknown command "${command}"; ${USAGE}` : USAGE);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ModelError) {
      process.stderr.write(`loop: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`loop: internal error: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
