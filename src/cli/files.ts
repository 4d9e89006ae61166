/**
 * The files the CLI reads and writes: every file's size is checked by stat before it is read
 * (a file above the engine's cap is refused unread), and messages name paths as the user gave them.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import {
  TraceError,
  checkFileSize,
  readTraceText,
  toNativeTraceJson,
  toOtlpJson,
  toOtlpJsonLines,
  type OtlpExportOptions,
  type Scenario,
  type Trace,
  type TraceFile,
} from '../engine';
import { UsageError } from './args';
import { userPath } from './user-path';

/**
 * The text of the file `argument` names. Throws a FileError (`too_large`) for a file above the
 * cap, and a UsageError starting with `label` when it cannot be read.
 */
export function readUserFile(argument: string, label: string): string {
  const file = userPath(argument);
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new UsageError(`${label}cannot read ${argument} (${reasonOf(error)})`);
  }
  checkFileSize(size, argument);
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${label}cannot read ${argument} (${reasonOf(error)})`);
  }
}

/** Reads a trace file to fork (Trace JSON v1 or v2); a bad file is a UsageError naming it. */
export function readTraceFile(argument: string): TraceFile {
  const text = readUserFile(argument, '--fork: ');
  try {
    return readTraceText(text);
  } catch (error) {
    if (error instanceof TraceError) throw new UsageError(`--fork ${argument}: ${error.message}`);
    throw error;
  }
}

/** Writes the native `.loopscope.json` (Trace JSON v2 with the scenario) of a run to `argument`. */
export function writeNativeTrace(argument: string, trace: Trace, scenario: Scenario): void {
  try {
    writeFileSync(userPath(argument), `${JSON.stringify(toNativeTraceJson(trace, scenario))}\n`);
  } catch (error) {
    throw new UsageError(`--out: cannot write ${argument} (${reasonOf(error)})`);
  }
}

/**
 * Writes a run as OpenTelemetry to `argument`: OTLP JSON Lines (one request a line) when the name
 * ends in `.jsonl`, else one OTLP/JSON request.
 */
export function writeOtlp(argument: string, trace: Trace, options: OtlpExportOptions): void {
  const text = argument.toLowerCase().endsWith('.jsonl')
    ? toOtlpJsonLines([{ trace, options }])
    : toOtlpJson(trace, options);
  try {
    writeFileSync(userPath(argument), text);
  } catch (error) {
    throw new UsageError(`--otlp: cannot write ${argument} (${reasonOf(error)})`);
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
