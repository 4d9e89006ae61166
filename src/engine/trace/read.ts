/**
 * One reader for every trace file: Trace JSON v1 (what `loop run --json` prints; its calls'
 * messages are folded into shared conversations) and v2 (the native `.loopscope.json`). A later
 * version is refused as `newer_version`, naming it. A v3 adds its module and one case here.
 */
import { readJsonText } from '../scenario/json-location';
import type { Scenario } from '../scenario/types';
import { TraceError } from './errors';
import { NATIVE_TRACE_VERSION, parseNativeTrace } from './native';
import { parseTrace } from './parse';
import type { Trace } from './types';

/** A trace as a file held it: the run, the scenario it carries (v2) and the file's version. */
export interface TraceFile {
  readonly trace: Trace;
  readonly scenario: Scenario | null;
  readonly version: 1 | 2;
}

/** The trace versions this build reads, in words. */
const READS = 'this build reads versions 1 and 2';

/** Pure: a parsed trace value of any version this build reads, or a TraceError naming why not. */
export function readTraceValue(input: unknown): TraceFile {
  const record =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : null;
  const version = record?.['version'];
  if (version === 1) return { trace: parseTrace(input), scenario: null, version: 1 };
  if (version === NATIVE_TRACE_VERSION) return { ...parseNativeTrace(input), version: 2 };
  if (record?.['format'] === 'loopscope.trace') {
    if (
      typeof version === 'number' &&
      Number.isInteger(version) &&
      version > NATIVE_TRACE_VERSION
    ) {
      throw new TraceError(
        'newer_version',
        '$.version',
        `a trace of version ${version}, written by a later Loopscope; ${READS} (update Loopscope to open it)`,
      );
    }
    const got = version === undefined ? 'but it is missing' : `got ${JSON.stringify(version)}`;
    throw new TraceError('invalid_trace', '$.version', `expected 1 or 2, ${got} (${READS})`);
  }
  return { trace: parseTrace(input), scenario: null, version: 1 }; // words the first problem
}

/**
 * Pure: reads a trace file's text (a leading byte-order mark is ignored): v1 or v2, validated.
 * Throws a TraceError: `invalid_json`, `too_deep`, `forbidden_key`, `newer_version` or
 * `invalid_trace`, with the JSON path (and line, for the first three).
 */
export function readTraceText(text: string): TraceFile {
  const read = readJsonText(text);
  if ('problem' in read) throw new TraceError(read.code, read.path, read.problem, read.location);
  return readTraceValue(read.value);
}
