/** Typed scenario errors and the wording helpers their one-line messages are built from. */

/**
 * Stable codes: the file is not JSON, nests deeper than the engine reads, holds a forbidden key
 * (`__proto__`, `constructor`, `prototype`), or is JSON but not a valid v1 scenario.
 */
export type ScenarioErrorCode = 'invalid_json' | 'too_deep' | 'forbidden_key' | 'invalid_scenario';

/** A 1-based line and column in a text. */
export interface TextLocation {
  readonly line: number;
  readonly column: number;
}

/** A path segment as zod reports it. */
export type PathSegment = string | number | symbol;

/**
 * Thrown by the scenario loaders. `message` is one line, `<path>: <what is wrong>`; `path` is a
 * JSON path such as `$.tools[1].name` (`$` for the root or for JSON syntax errors).
 */
export class ScenarioError extends Error {
  readonly code: ScenarioErrorCode;
  readonly path: string;
  /** Where a JSON syntax error sits in the text, when known; undefined for invalid scenarios. */
  readonly location: TextLocation | undefined;
  /** What is wrong, without the path. */
  readonly problem: string;

  constructor(code: ScenarioErrorCode, path: string, problem: string, location?: TextLocation) {
    super(`${shownPath(path)}: ${problem}`);
    this.name = 'ScenarioError';
    this.code = code;
    this.path = path;
    this.location = location;
    this.problem = problem;
  }
}

/** Longest JSON path a message shows whole: a path 256 levels deep is cut (its start says where). */
const MAX_SHOWN_PATH = 100;

/** Pure: a JSON path as a one-line message shows it, cut with `…` past {@link MAX_SHOWN_PATH}. */
export function shownPath(path: string): string {
  return path.length > MAX_SHOWN_PATH ? `${path.slice(0, MAX_SHOWN_PATH - 1)}…` : path;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Pure: `$.a[0].b` style path; keys that are not identifiers are quoted (`$["odd key"]`). */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '$';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'symbol') out += `[${String(segment)}]`;
    else out += IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Longest string shown verbatim in a message before it is cut. */
const MAX_SHOWN = 40;

/** Pure: a short human description of a JSON value for an error message (`"gpt"`, `an array`). */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const shown = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
    return JSON.stringify(shown);
  }
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Pure: `"a", "b" or "c"` for a list of allowed literal values. */
export function oneOf(values: readonly unknown[]): string {
  const shown = values.map((value) => JSON.stringify(value));
  const last = shown.pop();
  return shown.length === 0 ? String(last) : `${shown.join(', ')} or ${last}`;
}

/** Pure: `expected <what>, got <value>`, or `expected <what>, but it is missing` for undefined. */
export function expectation(what: string, input: unknown): string {
  return input === undefined
    ? `expected ${what}, but it is missing`
    : `expected ${what}, got ${describeValue(input)}`;
}

/** Pure: value at `path` inside `root`, or undefined where the path leaves the value. */
export function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const segment of path) {
    if (node === null || typeof node !== 'object' || typeof segment === 'symbol') return undefined;
    if (!Object.prototype.hasOwnProperty.call(node, segment)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}
