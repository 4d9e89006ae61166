/** Where a JSON syntax error sits: line and column from the engine's message, or found by a scan. */
import { MAX_JSON_DEPTH, scanJson } from '../files/json-scan';
import type { TextLocation } from './errors';

/** A JSON syntax error as a loader reports it: the location when known and a one-line reason. */
export interface JsonSyntaxProblem {
  readonly location: TextLocation | undefined;
  readonly reason: string;
}

/** Pure: the 1-based line and column of a UTF-16 `offset` in `text` (clamped to the text). */
export function locationAt(text: string, offset: number): TextLocation {
  const end = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

function locationFromMessage(text: string, message: string): TextLocation | undefined {
  // V8 12+: "... in JSON at position 7 (line 1 column 8)"; Firefox: "... at line 1 column 8 of ..."
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/.exec(message); // V8 up to 11 (Node 20)
  if (position) return locationAt(text, Number(position[1]));
  return undefined;
}

/** Pure: the engine's reason without its position suffix or quoted copy of the text, on one line. */
function cleanReason(message: string): string {
  const reason = message
    .replace(/^JSON\.parse: /, '')
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ (?:in JSON )?at (?:position \d+|line \d+ column \d+).*$/s, '')
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t');
  return reason === '' ? 'not valid JSON' : reason;
}

/** Pure: locates and words a `JSON.parse` failure of `text`. */
export function describeJsonSyntaxError(text: string, error: unknown): JsonSyntaxProblem {
  const message = error instanceof Error ? error.message : String(error);
  const location = locationFromMessage(text, message) ?? scanLocation(text);
  return { location, reason: cleanReason(message) };
}

class SyntaxAt {
  constructor(readonly offset: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS = ['true', 'false', 'null'] as const;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Pure: the offset of the first JSON syntax error, found by a small strict scanner (RFC 8259). */
export function findJsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw new SyntaxAt(at);
  };
  const space = (): void => {
    while (at < text.length && ' \t\n\r'.includes(text.charAt(at))) at++;
  };
  const expect = (char: string): void => {
    space();
    if (text.charAt(at) !== char) fail();
    at++;
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      if (at >= text.length) fail();
      const code = text.charCodeAt(at);
      if (code === 34) break;
      if (code < 0x20) fail();
      if (code === 92) {
        ESCAPE.lastIndex = at;
        if (!ESCAPE.test(text)) fail();
        at = ESCAPE.lastIndex;
      } else at++;
    }
    at++;
  };
  const sequence = (close: string, item: () => void): void => {
    at++;
    space();
    if (text.charAt(at) === close) {
      at++;
      return;
    }
    item();
    for (space(); text.charAt(at) === ','; space()) {
      at++;
      item();
    }
    expect(close);
  };
  const member = (): void => {
    string();
    expect(':');
    value();
  };
  const value = (): void => {
    space();
    const char = text.charAt(at);
    if (char === '{') return sequence('}', member);
    if (char === '[') return sequence(']', value);
    if (char === '"') return string();
    const word = LITERALS.find((literal) => text.startsWith(literal, at));
    if (word !== undefined) {
      at += word.length;
      return;
    }
    NUMBER.lastIndex = at;
    if (!NUMBER.test(text)) fail();
    at = NUMBER.lastIndex;
  };
  try {
    value();
    space();
    return at < text.length ? at : undefined;
  } catch (error) {
    if (error instanceof SyntaxAt) return error.offset;
    return undefined; // nesting too deep for the scanner: no location
  }
}

function scanLocation(text: string): TextLocation | undefined {
  const offset = findJsonErrorOffset(text);
  return offset === undefined ? undefined : locationAt(text, offset);
}

/** A byte-order mark some editors write at the start of a file; JSON.parse rejects it. */
const BYTE_ORDER_MARK = '\uFEFF';

/** Stable codes of text that cannot be read: not JSON, nested too deep, a forbidden key. */
export type JsonProblemCode = 'invalid_json' | 'too_deep' | 'forbidden_key';

/** Why JSON text was refused: a code, the JSON path (`$` for syntax), the reason and where. */
export interface JsonProblem {
  readonly code: JsonProblemCode;
  readonly path: string;
  /** The reason alone, without the location ("Unexpected token ...", "nested deeper than ..."). */
  readonly reason: string;
  /** One line: the reason with its location ("invalid JSON at line 3, column 3: ..."). */
  readonly problem: string;
  readonly location?: TextLocation;
}

const at = (location: TextLocation | undefined): string =>
  location ? ` at line ${location.line}, column ${location.column}` : '';

/**
 * Pure: JSON text parsed (a leading byte-order mark ignored), or why it was refused: a syntax
 * error ("invalid JSON at line 3, column 3: …"), nesting deeper than {@link MAX_JSON_DEPTH}
 * levels (found before parsing, so no stack overflows) or a `__proto__`, `constructor` or
 * `prototype` key, each with its JSON path and location. Every loader reads files through it.
 */
export function readJsonText(text: string): { readonly value: unknown } | JsonProblem {
  const source = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const scan = scanJson(source);
  if (scan?.kind === 'too_deep') {
    const location = locationAt(source, scan.offset);
    const reason = `nested deeper than ${MAX_JSON_DEPTH} levels`;
    return { code: 'too_deep', path: scan.path, reason, problem: reason + at(location), location };
  }
  let value: unknown;
  try {
    value = JSON.parse(source) as unknown;
  } catch (error) {
    const { location, reason } = describeJsonSyntaxError(source, error);
    return {
      code: 'invalid_json',
      path: '$',
      reason,
      problem: `invalid JSON${at(location)}: ${reason}`,
      ...(location ? { location } : {}),
    };
  }
  if (scan?.kind === 'forbidden_key') {
    const location = locationAt(source, scan.offset);
    const key = JSON.stringify(scan.key);
    const advice = 'is not allowed; remove or rename it';
    return {
      code: 'forbidden_key',
      path: scan.path,
      reason: `the key ${key} ${advice}`,
      problem: `the key ${key}${at(location)} ${advice}`,
      location,
    };
  }
  return { value };
}
