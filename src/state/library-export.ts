/**
 * The library as one file (`loopscope.library` version 1, written by library-export-write.ts):
 * every kept run with its labels, the scenario it ran on and its trace in the native form
 * (Trace JSON v2, calls sharing their message prefixes), and the user's own scenarios as their
 * text. Reading one back checks every
 * run and names the first problem by its JSON path; a run that was still running when it was
 * exported comes back interrupted. Pure.
 */
import {
  ConfigError,
  FileError,
  ScenarioError,
  parseConfigOverrides,
  scenarioConfig,
  TraceError,
  parseScenario,
  readTraceValue,
  type Scenario,
} from '../engine';
import { LIBRARY_EXPORT_VERSION, type LabelledRun } from './library-export-write';
import type { KeptScenario, RunLabel } from './library-types';
import type { RecordStatus, RunOrigin, RunRecord } from './run-record';

export {
  LIBRARY_EXPORT_VERSION,
  LIBRARY_FORMAT,
  libraryExportJson,
  type LabelledRun,
} from './library-export-write';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const STATUSES: readonly RecordStatus[] = ['running', 'done', 'failed', 'interrupted'];
const ORIGINS: readonly RunOrigin['kind'][] = ['live', 'forked', 'imported', 'replayed', 'eval'];

/** A wrong part of an export: a FileError at its path. */
function fail(name: string, path: string, problem: string): never {
  throw new FileError('invalid_trace', name, path, problem);
}

/** One field, checked; a wrong one fails at its path. */
function field<T>(
  name: string,
  object: Record<string, unknown>,
  key: string,
  path: string,
  check: (value: unknown) => value is T,
  what: string,
): T {
  const value = object[key];
  if (!check(value)) fail(name, `${path}.${key}`, `expected ${what}`);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const orNull =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || value === undefined || check(value);

/** Pure: the runs and scenarios of an export's (safely parsed) JSON value. */
export function readLibraryExport(
  value: unknown,
  name: string,
): { readonly runs: readonly LabelledRun[]; readonly scenarios: readonly KeptScenario[] } {
  if (!isObject(value)) fail(name, '$', 'expected a library export object');
  if (typeof value.version === 'number' && value.version > LIBRARY_EXPORT_VERSION) {
    throw new FileError(
      'newer_version',
      name,
      '$.version',
      `a library export of version ${value.version}, written by a later Loopscope; this build reads version ${LIBRARY_EXPORT_VERSION}`,
    );
  }
  if (value.version !== LIBRARY_EXPORT_VERSION)
    fail(name, '$.version', `expected ${LIBRARY_EXPORT_VERSION}`);
  if (!Array.isArray(value.runs)) fail(name, '$.runs', 'expected an array of runs');
  if (!Array.isArray(value.scenarios)) fail(name, '$.scenarios', 'expected an array of scenarios');
  const runs = value.runs.map((run: unknown, index: number) =>
    readRun(run, `$.runs[${index}]`, name),
  );
  const scenarios = value.scenarios.map((kept: unknown, index: number): KeptScenario => {
    const path = `$.scenarios[${index}]`;
    if (!isObject(kept)) fail(name, path, 'expected a scenario entry');
    return {
      id: field(name, kept, 'id', path, isString, 'a scenario id'),
      source: field(name, kept, 'source', path, isString, 'the scenario as JSON text'),
      savedAt: field(name, kept, 'savedAt', path, isNumber, 'a time in milliseconds'),
    };
  });
  return { runs, scenarios };
}

/** A TraceError or ScenarioError inside an export, as the export's FileError at its full path. */
function within<T>(name: string, prefix: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new FileError(
        'invalid_trace',
        name,
        `${prefix}${error.path.slice(1)}`,
        error.message.slice(error.path.length + 2),
      );
    }
    if (error instanceof TraceError || error instanceof ScenarioError) {
      const code = error instanceof TraceError ? 'invalid_trace' : 'invalid_scenario';
      throw new FileError(code, name, `${prefix}${error.path.slice(1)}`, error.problem);
    }
    throw error;
  }
}

/** Pure: the shape of an imported run's span tree, checked loosely (it is shown, never run). */
function isImported(value: unknown): value is NonNullable<RunRecord['imported']> {
  return (
    isObject(value) &&
    isString(value.format) &&
    isString(value.formatLabel) &&
    Array.isArray(value.spans) &&
    Array.isArray(value.unmapped) &&
    Array.isArray(value.notes)
  );
}

function readRun(run: unknown, path: string, name: string): LabelledRun {
  if (!isObject(run)) fail(name, path, 'expected a run');
  const status = field(
    name,
    run,
    'status',
    path,
    (v): v is RecordStatus => STATUSES.includes(v as RecordStatus),
    `one of ${STATUSES.join(', ')}`,
  );
  const origin = field(
    name,
    run,
    'origin',
    path,
    (v): v is RunOrigin => isObject(v) && ORIGINS.includes(v.kind as RunOrigin['kind']),
    'where the run came from',
  );
  const scenario: Scenario = within(name, `${path}.scenario`, () => parseScenario(run.scenario));
  const trace =
    run.trace === null || run.trace === undefined
      ? null
      : within(name, `${path}.trace`, () => readTraceValue(run.trace).trace);
  if (trace && trace.scenario !== scenario.id) {
    fail(
      name,
      `${path}.trace.scenario`,
      `the trace records scenario "${trace.scenario}", not "${scenario.id}"`,
    );
  }
  const error = run.error;
  const overrides = within(name, `${path}.overrides`, () =>
    parseConfigOverrides(run.overrides ?? {}),
  );
  const record: RunRecord = {
    id: field(name, run, 'id', path, isString, 'a run id'),
    scenario,
    overrides,
    settings: trace?.config ?? scenarioConfig(scenario, overrides),
    trace,
    status: status === 'running' ? 'interrupted' : status,
    error:
      isObject(error) && isString(error.code) && isString(error.message)
        ? { code: error.code, message: error.message }
        : null,
    origin,
    startedAt: field(name, run, 'startedAt', path, isNumber, 'a time in milliseconds'),
    endedAt:
      field(name, run, 'endedAt', path, orNull(isNumber), 'a time in milliseconds or null') ?? null,
    // An imported run's span tree, when the file carries one in its shape (else left out).
    ...(isImported(run.imported) ? { imported: run.imported } : {}),
  };
  const label: RunLabel = {
    name: field(name, run, 'name', path, orNull(isString), 'a name or null') ?? null,
    pinned: run.pinned === true,
  };
  return { record, label };
}
