/** `loop open FILE [--json]`: shows anything Loopscope writes that the CLI can show. */
import { openFileText, toTraceJson, type OpenedFile, type Scenario } from '../engine';
import { OPEN_FLAGS, UsageError, parseArgs } from './args';
import { readUserFile, writeOtlp } from './files';
import { formatTrace } from './format';
import { findBuiltin } from '../scenarios';
import { writeSharePage } from './share';

/** Pure: one line that says what a scenario file holds. */
export function scenarioSummary(scenario: Scenario): string {
  const tools = scenario.tools.map((tool) => tool.name).join(', ') || 'none';
  return `scenario ${scenario.id} · ${scenario.title} · tools: ${tools}`;
}

/** Pure: what an imported trace held beyond its steps: the format, the spans, what was not mapped. */
export function foreignSummary(
  opened: Extract<OpenedFile, { kind: 'foreign' }>,
  file: string,
): string {
  const unmapped = opened.unmapped.length;
  const lines = [
    `imported: ${file} (${opened.formatLabel}) · ${opened.spans.length} spans · ${unmapped} not mapped to steps`,
    ...opened.notes.map((note) => `note: ${note.message}`),
  ];
  return lines.join('\n');
}

/**
 * What `loop open` prints for the file `argv` names: a trace as `loop run` prints it (`--json`:
 * Trace JSON v1), a scenario as one line (`--json`: the scenario as loaded); `--html FILE`
 * writes a trace as the share page too, `--otlp FILE` as OpenTelemetry. A file that cannot be opened throws its FileError; a
 * Loopscope format the CLI does not show, a UsageError.
 */
export function openCommand(
  argv: readonly string[],
  usage: string,
): { json: boolean; text: string } {
  const args = parseArgs(argv, OPEN_FLAGS);
  const [argument, ...extra] = args.positional;
  if (argument === undefined || extra.length > 0) {
    throw new UsageError(`open takes one file; ${usage}`);
  }
  const opened = openFileText(readUserFile(argument, ''), argument);
  if (args.html !== null) {
    if (opened.kind !== 'trace' && opened.kind !== 'foreign') {
      throw new UsageError(`--html: ${argument} is not a trace; --html writes a run's page`);
    }
    // A v1 file names its scenario only by id: the page then carries the built-in. An imported
    // trace carries the scenario the importer made for it.
    const scenario = opened.scenario ?? findBuiltin(opened.trace.scenario);
    if (!scenario) {
      throw new UsageError(
        `--html: ${argument} records scenario "${opened.trace.scenario}", which it does not carry and is not built in (write it with loop run --out to keep the scenario)`,
      );
    }
    writeSharePage(args.html, opened.trace, scenario);
  }
  if (args.openInference && args.otlp === null) {
    throw new UsageError('--openinference goes with --otlp FILE');
  }
  if (args.otlp !== null) {
    if (opened.kind !== 'trace') {
      throw new UsageError(`--otlp: ${argument} is not a trace; --otlp writes a run's spans`);
    }
    // A file records no wall-clock start: the spans start when it is converted.
    const scenario = opened.scenario ?? findBuiltin(opened.trace.scenario) ?? null;
    writeOtlp(args.otlp, opened.trace, {
      startTimeMs: Date.now(),
      scenario,
      openInference: args.openInference,
    });
  }
  switch (opened.kind) {
    case 'trace':
      return args.json
        ? { json: true, text: JSON.stringify(toTraceJson(opened.trace), null, 2) }
        : { json: false, text: formatTrace(opened.trace) };
    case 'scenario':
      return args.json
        ? { json: true, text: JSON.stringify(opened.scenario, null, 2) }
        : { json: false, text: scenarioSummary(opened.scenario) };
    case 'foreign':
      return args.json
        ? { json: true, text: JSON.stringify(toTraceJson(opened.trace), null, 2) }
        : {
            json: false,
            text: `${foreignSummary(opened, argument)}\n${formatTrace(opened.trace)}`,
          };
    case 'other':
      throw new UsageError(
        `${argument}: a "${opened.format}" file; loop open shows traces and scenarios (open this one in the app)`,
      );
  }
}
