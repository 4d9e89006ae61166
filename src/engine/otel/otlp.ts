/**
 * OTLP/JSON into the span model: an ExportTraceServiceRequest (`resourceSpans`), a Tempo export
 * (`batches`), legacy `instrumentationLibrarySpans` / `instrumentationLibrary`, AnyValue
 * attributes (`intValue` as a string or a number, arrays, key-value lists), ids in hex or base64,
 * `kind` as a number or a `SPAN_KIND_*` name, `status.code` as a number or a name. Pure.
 */
import { FileError } from '../files/errors';
import { normaliseId } from './ids';
import type { AttrValue, Attributes, ForeignSpan, SpanEvent } from './model';
import { nsOfCount } from './times';
import { numberOf, textOf } from './values';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listAt = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

const KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];

/** Pure: an OTLP AnyValue as a plain value (an int64 string stays a string when it is not safe). */
export function anyValue(value: unknown): AttrValue {
  if (!isObject(value)) return value === undefined ? null : (value as AttrValue);
  if ('stringValue' in value) return textOf(value['stringValue']);
  if ('boolValue' in value) return value['boolValue'] === true || value['boolValue'] === 'true';
  if ('intValue' in value) {
    const raw = value['intValue'];
    const number = numberOf(raw);
    return Number.isSafeInteger(number) ? number : textOf(raw);
  }
  if ('doubleValue' in value) return numberOf(value['doubleValue']);
  if ('arrayValue' in value) {
    const values = isObject(value['arrayValue']) ? value['arrayValue']['values'] : [];
    return listAt(values).map(anyValue);
  }
  if ('kvlistValue' in value) {
    const values = isObject(value['kvlistValue']) ? value['kvlistValue']['values'] : [];
    return keyValues(values);
  }
  if ('bytesValue' in value) return textOf(value['bytesValue']);
  return null;
}

/** Pure: `[{key, value}]` as a map (a later key wins). */
export function keyValues(list: unknown): Attributes {
  const out: Record<string, AttrValue> = {};
  for (const item of listAt(list)) {
    if (isObject(item) && typeof item['key'] === 'string')
      out[item['key']] = anyValue(item['value']);
  }
  return out;
}

function kindOf(raw: unknown): string | null {
  if (typeof raw === 'number') return KINDS[raw] ?? null;
  if (typeof raw !== 'string' || raw === '') return null;
  return raw.replace(/^SPAN_KIND_/i, '').toUpperCase();
}

function statusOf(raw: unknown): ForeignSpan['status'] {
  if (!isObject(raw)) return { error: false, message: '' };
  const code = raw['code'];
  const error = code === 2 || code === '2' || code === 'STATUS_CODE_ERROR' || code === 'ERROR';
  return { error, message: typeof raw['message'] === 'string' ? raw['message'] : '' };
}

function eventsOf(raw: unknown): SpanEvent[] {
  return listAt(raw).flatMap((event) =>
    isObject(event)
      ? [
          {
            name: typeof event['name'] === 'string' ? event['name'] : '',
            timeNs: nsOfCount(event['timeUnixNano']),
            attributes: keyValues(event['attributes']),
          },
        ]
      : [],
  );
}

function spanOf(raw: Json, service: string | null, scope: string | null): ForeignSpan {
  const parent = normaliseId(raw['parentSpanId'], 16);
  return {
    traceId: normaliseId(raw['traceId'], 32) ?? '',
    spanId: normaliseId(raw['spanId'], 16) ?? '',
    parentId: parent,
    name: typeof raw['name'] === 'string' ? raw['name'] : '',
    kind: kindOf(raw['kind']),
    startNs: nsOfCount(raw['startTimeUnixNano']),
    endNs: nsOfCount(raw['endTimeUnixNano']),
    attributes: keyValues(raw['attributes']),
    events: eventsOf(raw['events']),
    status: statusOf(raw['status']),
    service,
    scope,
    backend: null,
  };
}

/** Pure: is this value one OTLP request (or a Tempo export)? */
export const isOtlpRequest = (value: unknown): boolean =>
  isObject(value) && (Array.isArray(value['resourceSpans']) || Array.isArray(value['batches']));

/**
 * Pure: the spans of one OTLP request (`resourceSpans` or Tempo's `batches`). `where` is the
 * JSON path of the request in its file, for a FileError when a part has the wrong shape.
 */
export function readOtlpRequest(value: unknown, name: string, where: string): ForeignSpan[] {
  if (!isObject(value)) {
    throw new FileError('invalid_trace', name, where, 'expected an OTLP request object');
  }
  const key = Array.isArray(value['resourceSpans']) ? 'resourceSpans' : 'batches';
  const spans: ForeignSpan[] = [];
  listAt(value[key]).forEach((resourceSpans, r) => {
    if (!isObject(resourceSpans)) {
      throw new FileError('invalid_trace', name, `${where}.${key}[${r}]`, 'expected an object');
    }
    const resource = isObject(resourceSpans['resource'])
      ? keyValues(resourceSpans['resource']['attributes'])
      : {};
    const service = typeof resource['service.name'] === 'string' ? resource['service.name'] : null;
    const scopesKey = Array.isArray(resourceSpans['scopeSpans'])
      ? 'scopeSpans'
      : 'instrumentationLibrarySpans';
    listAt(resourceSpans[scopesKey]).forEach((scopeSpans, s) => {
      if (!isObject(scopeSpans) || !Array.isArray(scopeSpans['spans'] ?? [])) {
        const path = `${where}.${key}[${r}].${scopesKey}[${s}]`;
        throw new FileError('invalid_trace', name, path, 'expected an object with "spans"');
      }
      const scopeObject = scopeSpans['scope'] ?? scopeSpans['instrumentationLibrary'];
      const scope =
        isObject(scopeObject) && typeof scopeObject['name'] === 'string'
          ? scopeObject['name']
          : null;
      for (const span of listAt(scopeSpans['spans'])) {
        if (isObject(span)) spans.push(spanOf(span, service, scope));
      }
    });
  });
  return spans;
}
