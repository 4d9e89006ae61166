/**
 * Which foreign format a file is, from its content, and its spans in the one span model. JSON
 * Lines (one OTLP request per line, as the Collector's file exporter writes) is recognised before
 * the text is read as one JSON value. Pure.
 */
import { FileError } from '../files/errors';
import { scanJson } from '../files/json-scan';
import { describeJsonSyntaxError, locationAt } from '../scenario/json-location';
import { isPhoenixList, readPhoenix, readSdkSpans, sdkSpansOf } from './flat-spans';
import { isJaeger, readJaeger } from './jaeger';
import { isLangfuse, readLangfuse } from './langfuse';
import { parseLossless, quoteBigIntegers } from './lossless-json';
import type { ForeignFormat, ForeignSpan, NoteLog } from './model';
import { isOtlpRequest, readOtlpRequest } from './otlp';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Pure: the format of a parsed JSON value, or null when it is none of the foreign formats. */
export function detectFormat(value: unknown): ForeignFormat | null {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isOtlpRequest)) return 'otlp-json';
    if (isPhoenixList(value)) return 'phoenix';
    return sdkSpansOf(value) ? 'otel-sdk' : null;
  }
  if (!isObject(value)) return null;
  if (Array.isArray(value['resourceSpans'])) return 'otlp-json';
  if (Array.isArray(value['batches'])) return 'tempo';
  if (isJaeger(value)) return 'jaeger';
  if (isLangfuse(value)) return 'langfuse';
  return sdkSpansOf(value) ? 'otel-sdk' : null;
}

const nonEmptyLines = (text: string): { line: string; number: number; offset: number }[] => {
  const out: { line: string; number: number; offset: number }[] = [];
  let offset = 0;
  text.split('\n').forEach((line, index) => {
    if (line.trim() !== '') out.push({ line, number: index + 1, offset });
    offset += line.length + 1;
  });
  return out;
};

/**
 * Pure: true when the text is JSON Lines: two or more non-empty lines and the first one a whole
 * JSON object on its own (a pretty-printed file's first line is `{`, which is not).
 */
export function looksLikeJsonLines(text: string): boolean {
  const first = text.indexOf('\n');
  if (first < 0 || text.slice(first).trim() === '') return false;
  const head = text
    .slice(0, first)
    .trim()
    .replace(/^\uFEFF/, '');
  if (!head.startsWith('{') || !head.endsWith('}')) return false;
  try {
    return isObject(JSON.parse(head));
  } catch {
    return false;
  }
}

/**
 * Pure: each line of a JSON Lines file read and checked; a bad line is named. Lines are OTLP
 * requests (the Collector's file exporter), or spans one per line (Phoenix, the OTel SDK).
 */
export function readJsonLines(
  text: string,
  name: string,
): { format: ForeignFormat; spans: ForeignSpan[] } {
  const spans: ForeignSpan[] = [];
  const flat: unknown[] = [];
  for (const { line, number, offset } of nonEmptyLines(text.replace(/^\uFEFF/, ''))) {
    const where = `$[${number - 1}]`;
    const problem = scanJson(line);
    if (problem) {
      const reason =
        problem.kind === 'too_deep' ? 'nested too deep' : `the key "${problem.key}" is not allowed`;
      throw new FileError(
        problem.kind,
        name,
        where,
        `line ${number}: ${reason}`,
        locationAt(text, offset + problem.offset),
      );
    }
    let value: unknown;
    try {
      value = parseLossless(line);
    } catch (error) {
      const syntax = describeJsonSyntaxError(line, error);
      const location = { line: number, column: syntax.location?.column ?? 1 };
      throw new FileError(
        'invalid_json',
        name,
        where,
        `line ${number}: ${syntax.reason}`,
        location,
      );
    }
    if (!isOtlpRequest(value) && sdkSpansOf([value]) && spans.length === 0) {
      flat.push(value);
      continue;
    }
    if (!isOtlpRequest(value) || flat.length > 0) {
      throw new FileError(
        'invalid_trace',
        name,
        where,
        `line ${number} of a JSON Lines file is neither an OTLP request (no "resourceSpans") nor a span (no "context")`,
        { line: number, column: 1 },
      );
    }
    spans.push(...readOtlpRequest(value, name, where));
  }
  if (flat.length === 0) return { format: 'otlp-jsonl', spans };
  return isPhoenixList(flat)
    ? { format: 'phoenix', spans: readPhoenix(flat) }
    : { format: 'otel-sdk', spans: readSdkSpans(flat) };
}

/**
 * Pure: the spans of a file of a known single-JSON format. `value` is the file as JSON.parse read
 * it; when the text holds integers too long for a double, it is read again with them kept exact.
 */
export function readSpans(
  format: ForeignFormat,
  parsed: unknown,
  text: string,
  name: string,
  notes: NoteLog,
): ForeignSpan[] {
  const exact = quoteBigIntegers(text);
  const value = exact === text ? parsed : (JSON.parse(exact.replace(/^\uFEFF/, '')) as unknown);
  switch (format) {
    case 'otlp-json':
    case 'otlp-jsonl':
    case 'tempo':
      return Array.isArray(value)
        ? value.flatMap((request, index) => readOtlpRequest(request, name, `$[${index}]`))
        : readOtlpRequest(value, name, '$');
    case 'jaeger':
      return readJaeger(value as Json);
    case 'langfuse':
      return readLangfuse(value as Json, notes);
    case 'phoenix':
      return readPhoenix(value as unknown[]);
    case 'otel-sdk':
      return readSdkSpans(sdkSpansOf(value) ?? []);
  }
}
