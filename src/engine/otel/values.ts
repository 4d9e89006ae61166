/** Reading attribute values of any type a file gave them: numbers as strings, JSON in strings. Pure. */
import type { AttrValue, Attributes, NoteLog } from './model';

/** Pure: a JSON string's value, or the value itself when it is not JSON. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!/^[[{"]/.test(text)) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/**
 * Pure: any JSON value as text, never throwing: a string as it is, null and undefined as '', an
 * object or array as JSON. `String()` would throw on an object with a `toString` key, as a file
 * can hold (`{"stringValue": {"toString": 1}}`).
 */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value) ?? '';
  return String(value);
}

/** Pure: a number from a number or a string; NaN for anything else (never throws, as `Number()` can). */
export const numberOf = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Pure: the attribute as text (numbers and booleans written out), or null. */
export function textAt(attributes: Attributes, key: string): string | null {
  const value = attributes[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * Pure: the first of `keys` that holds a count (a number or a numeric string). A value of another
 * type is noted as a `bad_attribute` and skipped.
 */
export function countAt(
  attributes: Attributes,
  keys: readonly string[],
  notes: NoteLog,
  spanId: string,
): number | null {
  for (const key of keys) {
    const value: AttrValue | undefined = attributes[key];
    if (value === undefined || value === null) continue;
    const number =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value.trim())
          : NaN;
    if (Number.isFinite(number) && number >= 0) return Math.round(number);
    notes.add(
      'bad_attribute',
      `${key} is ${JSON.stringify(value).slice(0, 40)}, not a count; ignored`,
      spanId,
    );
  }
  return null;
}

/** Pure: the numbered groups of `prefix.N.rest` keys, in N's numeric order (any key order in the file). */
export function indexed(
  attributes: Attributes,
  prefix: string,
): Map<number, Record<string, AttrValue>> {
  const groups = new Map<number, Record<string, AttrValue>>();
  const start = `${prefix}.`;
  for (const [key, value] of Object.entries(attributes)) {
    if (!key.startsWith(start)) continue;
    const rest = key.slice(start.length);
    const dot = rest.indexOf('.');
    const head = dot < 0 ? rest : rest.slice(0, dot);
    if (!/^\d+$/.test(head)) continue;
    const index = Number(head);
    const group = groups.get(index) ?? {};
    group[dot < 0 ? '' : rest.slice(dot + 1)] = value;
    groups.set(index, group);
  }
  return new Map([...groups.entries()].sort((a, b) => a[0] - b[0]));
}

/** Pure: text of a content value: a string, Strands/GenAI content blocks, parts, or JSON of the rest. */
export function contentText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    const parsed = /^\s*\[\s*\{/.test(value) ? parsedJson(value) : value;
    return parsed === value ? value : contentText(parsed);
  }
  if (Array.isArray(value)) {
    const texts = value.map((part) => partText(part)).filter((text) => text !== '');
    return texts.join('\n');
  }
  if (isRecord(value)) return partText(value);
  return String(value);
}

function partText(part: unknown): string {
  if (typeof part === 'string') return part;
  if (!isRecord(part)) return part === null || part === undefined ? '' : String(part);
  for (const key of ['text', 'content', 'output_text']) {
    if (typeof part[key] === 'string') return part[key] as string;
  }
  if (Array.isArray(part['content'])) return contentText(part['content']);
  if (isRecord(part['toolResult'])) return contentText(part['toolResult']['content']);
  return '';
}

/** Pure: a JSON text of a value (a string stays itself). */
export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Pure: tool arguments as an object: JSON objects as they are, other values under `input`. */
export function argsOf(value: unknown): Record<string, unknown> {
  const parsed = parsedJson(value);
  if (parsed === null || parsed === undefined || parsed === '') return {};
  if (isRecord(parsed)) return parsed;
  return { input: parsed };
}
