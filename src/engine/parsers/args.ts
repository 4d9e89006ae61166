/** Tool arguments from text: key=value pairs, schema-driven type conversion, the first parameter. */
import type { ToolSpec } from '../types';
import { isRecord, unescapeString } from './literals';

/** `key=value` (key starts a token); groups: key, double-quoted body, single-quoted body, bare value (closing quote optional). */
const PAIR_RE =
  /(?<![\w.-])([A-Za-z_][\w.-]*)=(?:"((?:[^"\\]|\\.)*)"?|'((?:[^'\\]|\\.)*)'?|(\S*))/g;
/** The same inside parentheses, where a bare value also stops at a comma: `f(a=1, b="x")`. */
const KWARG_RE =
  /(?<![\w.-])([A-Za-z_][\w.-]*)=(?:"((?:[^"\\]|\\.)*)"?|'((?:[^'\\]|\\.)*)'?|([^\s,]*))/g;
/** Text that starts like a keyword argument (`name=`, not `name==`). */
const KWARG_START_RE = /^[A-Za-z_][\w.-]*=(?!=)/;
const NUMBER_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** The properties object of a tool's parameter schema; undefined for unknown tools or schemas without one. */
function propertiesOf(
  tools: readonly ToolSpec[],
  tool: string,
): Record<string, unknown> | undefined {
  const spec = tools.find((t) => t.name === tool);
  const props = spec?.parameters['properties'];
  return isRecord(props) ? props : undefined;
}

/** The tool's first declared parameter name, or `query` when the tool is unknown or declares none. */
export function firstParameter(tools: readonly ToolSpec[], tool: string): string {
  const props = propertiesOf(tools, tool);
  return (props && Object.keys(props)[0]) ?? 'query';
}

/** The JSON Schema type names declared for one parameter (`type` as a string or an array). */
function typesOf(props: Record<string, unknown> | undefined, key: string): readonly unknown[] {
  const prop = props && Object.hasOwn(props, key) ? props[key] : undefined;
  const type = isRecord(prop) ? prop['type'] : undefined;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type : [];
}

/** Converts `true`/`false` and numerals for boolean/integer/number-typed parameters; otherwise keeps the string. */
export function coerceValue(value: string, types: readonly unknown[]): unknown {
  if (types.includes('boolean')) {
    const lower = value.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
  }
  const isNumber = types.includes('number');
  if ((isNumber || types.includes('integer')) && NUMBER_RE.test(value)) {
    const n = Number(value);
    if (Number.isFinite(n) && (isNumber || Number.isInteger(n))) return n;
  }
  return value;
}

/** The value for `key` of `tool`, converted by the tool's parameter schema (see coerceValue). */
export function coerceArgument(
  tools: readonly ToolSpec[],
  tool: string,
  key: string,
  value: string,
): unknown {
  return coerceValue(value, typesOf(propertiesOf(tools, tool), key));
}

/** True when parenthesised call text looks like keyword arguments (`query="x", k=3`). */
export function looksLikeKeywordArgs(text: string): boolean {
  return KWARG_START_RE.test(text);
}

/** Reads `key=value` pairs (space-separated, or comma-separated when `inParens`); other tokens are skipped. */
export function readPairs(
  text: string,
  tools: readonly ToolSpec[],
  tool: string,
  inParens = false,
): Record<string, unknown> {
  const re = inParens ? KWARG_RE : PAIR_RE;
  const entries: [string, unknown][] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const [, key = '', doubleQuoted, singleQuoted, bare = ''] = m;
    const quoted = doubleQuoted ?? singleQuoted;
    const value = quoted === undefined ? bare : unescapeString(quoted);
    entries.push([key, coerceArgument(tools, tool, key, value)]);
  }
  return Object.fromEntries(entries);
}
