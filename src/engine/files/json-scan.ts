/**
 * A pre-scan of JSON text before it is parsed: one linear pass, outside strings, that finds
 * nesting deeper than the engine reads (recursive checks and writers would overflow the stack)
 * and object keys that could reach a prototype. Pure; it never builds the value.
 */
import { formatPath, type PathSegment } from '../scenario/errors';

/** Deepest nesting of arrays and objects a file may have (the root container is level 1). */
export const MAX_JSON_DEPTH = 256;

/** Keys refused anywhere in a file: on a plain object they could reach or replace a prototype. */
export const FORBIDDEN_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];

/** What the pre-scan found: where (JSON path, UTF-16 offset into the text) and which problem. */
export type JsonScanProblem =
  | { readonly kind: 'too_deep'; readonly path: string; readonly offset: number }
  | {
      readonly kind: 'forbidden_key';
      readonly path: string;
      readonly offset: number;
      readonly key: string;
    };

interface Frame {
  readonly object: boolean;
  /** Arrays: the index of the current element. */
  index: number;
  /** Objects: where the current key's string starts and ends (quotes included), -1 before one. */
  keyStart: number;
  keyEnd: number;
  /** Objects: the next string is a key (after `{` or `,`). */
  expectKey: boolean;
}

const QUOTE = 34;

/** Pure: the text of a key's string literal, decoded only when it holds an escape. */
function keyText(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end)) as string;
  } catch {
    return raw; // a broken escape: JSON.parse reports it as a syntax error afterwards
  }
}

function pathOf(text: string, frames: readonly Frame[]): string {
  const segments: PathSegment[] = frames.map((frame) =>
    frame.object
      ? frame.keyStart < 0
        ? ''
        : keyText(text, frame.keyStart, frame.keyEnd)
      : frame.index,
  );
  return formatPath(segments);
}

/** Key lengths of {@link FORBIDDEN_KEYS} as written without escapes: other keys are not decoded. */
const FORBIDDEN_LENGTHS = new Set(FORBIDDEN_KEYS.map((key) => key.length));

const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const COMMA = 44;

/**
 * Pure: the first container nested deeper than {@link MAX_JSON_DEPTH} (the scan stops there), else
 * the first forbidden key, else null. Linear in the text. On text that is not JSON the result
 * means nothing; callers parse after a clean or `forbidden_key` scan and report syntax first.
 * Strings are skipped with `indexOf` (a 90 MB trace is mostly string content), and a key is
 * decoded only when it could spell a forbidden one.
 */
export function scanJson(text: string): JsonScanProblem | null {
  const frames: Frame[] = [];
  let forbidden: JsonScanProblem | null = null;
  /** The next backslash at or after where it was last looked for (text.length: none left). */
  let backslash = -1;
  /** Whether the string `stringEnd` last walked held an escape. */
  let escaped = false;
  /** The closing quote of the string whose content starts at `from` (text.length: none). */
  const stringEnd = (from: number): number => {
    escaped = false;
    for (let at = from; ;) {
      let quote = text.indexOf('"', at);
      if (quote < 0) quote = text.length;
      if (backslash < at) {
        backslash = text.indexOf('\\', at);
        if (backslash < 0) backslash = text.length;
      }
      if (backslash >= quote) return quote;
      escaped = true;
      at = backslash + 2; // the escaped character is skipped
    }
  };
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const start = at;
      at = stringEnd(at + 1);
      const top = frames[frames.length - 1];
      if (top?.object && top.expectKey) {
        top.keyStart = start;
        top.keyEnd = at + 1;
        top.expectKey = false;
        if (forbidden === null && (escaped || FORBIDDEN_LENGTHS.has(at - start - 1))) {
          const key = keyText(text, start, at + 1);
          if (FORBIDDEN_KEYS.includes(key)) {
            forbidden = { kind: 'forbidden_key', path: pathOf(text, frames), offset: start, key };
          }
        }
      }
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (frames.length === MAX_JSON_DEPTH) {
        return { kind: 'too_deep', path: pathOf(text, frames), offset: at };
      }
      frames.push({
        object: code === OPEN_OBJECT,
        index: 0,
        keyStart: -1,
        keyEnd: -1,
        expectKey: true,
      });
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      frames.pop();
    } else if (code === COMMA) {
      const top = frames[frames.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.index++;
    }
  }
  return forbidden;
}

/**
 * Pure: why JSON a model wrote (action arguments, a JSON reply) must not be parsed — nested past
 * {@link MAX_JSON_DEPTH} (recursive fingerprints and writers would overflow the stack) or a key
 * that could reach a prototype — in one sentence; null when it may be.
 */
export function modelJsonProblem(text: string): string | null {
  const problem = scanJson(text);
  if (!problem) return null;
  return problem.kind === 'too_deep'
    ? `it nests deeper than ${MAX_JSON_DEPTH} levels (at ${problem.path})`
    : `it has the key "${problem.key}" (at ${problem.path}), which is not allowed`;
}

const FORBIDDEN = new Set(FORBIDDEN_KEYS);

/**
 * Pure: whether a value `JSON.parse` made, its containers at nesting `level` (the document's own
 * object or array is level 1), is what {@link scanJson} finds clean: no forbidden key anywhere
 * (an own `__proto__` is what JSON.parse makes of one) and no container deeper than
 * {@link MAX_JSON_DEPTH}. For the parts of a parsed file the fast path takes as they are.
 */
export function plainJson(value: unknown, level = 1): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (level > MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!plainJson(item, level + 1)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (FORBIDDEN.has(key) || !plainJson(record[key], level + 1)) return false;
  }
  return true;
}
