/**
 * One opener for anything Loopscope writes: a trace (Trace JSON v1 or the native v2), a scenario
 * (Scenario JSON v1), or another Loopscope format the engine does not read (a library export,
 * read by the state layer). Every text goes through the hardened JSON reader; whatever fails
 * gives one FileError. Pure: nothing in a file is evaluated, text fields stay text.
 */
import { ScenarioError } from '../scenario/errors';
import { readJsonText } from '../scenario/json-location';
import { parseScenario } from '../scenario/parse';
import { SCENARIO_FORMAT, SCENARIO_VERSION } from '../scenario/format';
import type { Scenario } from '../scenario/types';
import type { ForeignTrace } from '../otel/import';
import { openForeignValue, openJsonLines, refuseLargeForeign } from '../otel/open-foreign';
import { TraceError } from '../trace/errors';
import { fastNativeTrace } from '../trace/native';
import { startsAsNative } from '../trace/native-start';
import { readTraceValue } from '../trace/read';
import type { Trace } from '../trace/types';
import { FileError, MAX_FILE_BYTES, checkFileSize } from './errors';
import { plainJson } from './json-scan';

/** What a file held. `other`: a `loopscope.*` format the engine does not read, safely parsed. */
export type OpenedFile =
  | {
      readonly kind: 'trace';
      readonly trace: Trace;
      readonly scenario: Scenario | null;
      readonly version: 1 | 2;
    }
  | { readonly kind: 'scenario'; readonly scenario: Scenario; readonly source: string }
  | { readonly kind: 'other'; readonly format: string; readonly value: unknown }
  /** Another tool's trace (OTLP, Jaeger, Langfuse, Phoenix, …) as Loopscope steps and a span tree. */
  | ForeignTrace;

const TRACE_FORMAT = 'loopscope.trace';
/** Formats of other Loopscope files start so; anything else is not Loopscope's. */
const OWN_FORMAT = /^loopscope\./;
const NOT_OURS = 'JSON, but not a Loopscope trace, scenario or library export';
/** Keys only a scenario has at its top level, and keys only a trace has. */
const SCENARIO_KEYS = ['id', 'title', 'task', 'tools', 'model'];
const TRACE_KEYS = ['steps', 'stopReason', 'metrics'];

const has = (record: Record<string, unknown>, keys: readonly string[]): boolean =>
  keys.filter((key) => Object.prototype.hasOwnProperty.call(record, key)).length >= 2;

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

function openTrace(value: unknown, name: string): OpenedFile {
  try {
    return { kind: 'trace', ...readTraceValue(value) };
  } catch (error) {
    if (!(error instanceof TraceError)) throw error;
    const code = error.code === 'newer_version' ? 'newer_version' : 'invalid_trace';
    throw new FileError(code, name, error.path, error.problem, error.location);
  }
}

function openScenario(record: Record<string, unknown>, text: string, name: string): OpenedFile {
  const version = record['version'];
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENARIO_VERSION) {
    throw new FileError(
      'newer_version',
      name,
      '$.version',
      `a scenario of version ${version}, written by a later Loopscope; this build reads version ${SCENARIO_VERSION} (update Loopscope to open it)`,
    );
  }
  try {
    const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
    return { kind: 'scenario', scenario: parseScenario(record), source };
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new FileError('invalid_scenario', name, error.path, error.problem, error.location);
  }
}

/**
 * Pure: whether the parts of a parsed native file the fast path takes as they are (everything
 * but its steps, path and conversations, which it checks key by key) are what the hardened
 * reader's scan finds clean. (The rest's copy keeps an own `__proto__` as its own key.)
 */
function plainShell(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const {
    steps: _steps,
    path: _path,
    conversations: _conversations,
    ...rest
  } = value as Record<string, unknown>;
  return plainJson(rest);
}

/**
 * Pure: a native trace's reading by the fast path alone (`JSON.parse`, then `fastNativeTrace`),
 * which is exactly what {@link openFileText} gives that text; null for anything else, good or bad
 * (the opener says what). Without the hardened reader's scan of the text, it finds what that
 * scan would refuse in the parsed value instead: the fast path takes only the keys it knows, and
 * every free-form part (the file's fields beside its steps, a step's tool arguments and result)
 * must be `plainJson`. A text over the size cap is null too ({@link openFileText} refuses it),
 * and so is one that does not start as the native writer starts a file (`startsAsNative`),
 * without parsing it.
 */
export function fastOpenedTrace(text: string): OpenedFile | null {
  if (text.length > MAX_FILE_BYTES || !startsAsNative(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.startsWith('\uFEFF') ? text.slice(1) : text);
  } catch {
    return null;
  }
  if (!plainShell(value)) return null;
  const read = fastNativeTrace(value);
  return read && { kind: 'trace', ...read, version: 2 };
}

/**
 * Pure: exactly what {@link openFileText} gives `text`: by the fast path alone when it takes the
 * text whole (no scan of the text, no schemas: 0.2–0.3 s less for 100,000 steps), else by the
 * opener, which words any problem. For a kept file's text read back.
 */
export function openFileTextFast(text: string, name: string): OpenedFile {
  return fastOpenedTrace(text) ?? openFileText(text, name);
}

/**
 * Pure: opens the text of a file called `name` (the name only words messages). Throws one
 * FileError: `too_large`, `invalid_json`, `too_deep`, `forbidden_key`, `unknown_format`,
 * `newer_version`, `invalid_trace` or `invalid_scenario`. A file's size is best checked before
 * it is read, with {@link checkFileSize}; text longer than the cap is refused here too.
 */
export function openFileText(text: string, name: string): OpenedFile {
  // Every UTF-16 code unit is at least one byte of UTF-8: a longer text is a larger file.
  if (text.length > MAX_FILE_BYTES) checkFileSize(text.length, name);
  refuseLargeForeign(text, name);
  // JSON Lines first: one JSON value per line is not one JSON value.
  const lines = openJsonLines(text, name);
  if (lines) return lines;
  const read = readJsonText(text);
  if ('problem' in read) {
    throw new FileError(read.code, name, read.path, read.reason, read.location);
  }
  const value = read.value;
  if (Array.isArray(value)) {
    const foreign = openForeignValue(value, text, name);
    if (foreign) return foreign;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new FileError(
      'unknown_format',
      name,
      '$',
      `${NOT_OURS} (${describeJson(value)}, not an object)`,
    );
  }
  const record = value as Record<string, unknown>;
  const format = record['format'];
  if (format === TRACE_FORMAT) return openTrace(record, name);
  if (format === SCENARIO_FORMAT) return openScenario(record, text, name);
  if (typeof format === 'string' && OWN_FORMAT.test(format)) {
    return { kind: 'other', format, value };
  }
  if (!has(record, TRACE_KEYS) && !has(record, SCENARIO_KEYS)) {
    const foreign = openForeignValue(record, text, name);
    if (foreign) return foreign;
  }
  if (format !== undefined) {
    const shown = typeof format === 'string' ? JSON.stringify(format) : describeJson(format);
    throw new FileError(
      'unknown_format',
      name,
      '$.format',
      `${NOT_OURS} (its "format" is ${shown})`,
    );
  }
  // No `format`: a hand-written file that looks like one of ours is checked as that, so the
  // message names the missing field; anything else is not ours.
  if (has(record, TRACE_KEYS)) return openTrace(record, name);
  if (has(record, SCENARIO_KEYS)) return openScenario(record, text, name);
  throw new FileError(
    'unknown_format',
    name,
    '$',
    `${NOT_OURS} (no "format" field; a trace has "format": "${TRACE_FORMAT}", a scenario "format": "${SCENARIO_FORMAT}", "id", "title", "task", …)`,
  );
}
