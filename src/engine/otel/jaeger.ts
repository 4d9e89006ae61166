/**
 * Jaeger query-API JSON into the span model: `{data: [{traceID, spans, processes}]}`, tags as
 * `{key, type, value}`, `startTime` and `duration` in microseconds, the parent from a CHILD_OF
 * reference (else `parentSpanID`). A missing `processes` map is no problem. Pure.
 */
import { normaliseId } from './ids';
import type { AttrValue, Attributes, ForeignSpan } from './model';
import { nsOfCount } from './times';
import { textOf } from './values';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listAt = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** Pure: is this a Jaeger query-API response? */
export const isJaeger = (value: unknown): boolean =>
  isObject(value) &&
  Array.isArray(value['data']) &&
  value['data'].some((trace) => isObject(trace) && Array.isArray(trace['spans']));

function tags(list: unknown): Attributes {
  const out: Record<string, AttrValue> = {};
  for (const tag of listAt(list)) {
    if (!isObject(tag) || typeof tag['key'] !== 'string') continue;
    const value = tag['value'];
    out[tag['key']] =
      tag['type'] === 'int64' && typeof value === 'string' && Number.isSafeInteger(Number(value))
        ? Number(value)
        : ((value ?? null) as AttrValue);
  }
  return out;
}

function parentOf(span: Json): string | null {
  const references = listAt(span['references']).filter(isObject);
  const reference =
    references.find((item) => item['refType'] === 'CHILD_OF') ?? references[0] ?? null;
  return normaliseId(reference ? reference['spanID'] : span['parentSpanID'], 16);
}

function spanOf(span: Json, processes: Json): ForeignSpan {
  const attributes = tags(span['tags']);
  const process = isObject(processes[textOf(span['processID'])])
    ? (processes[textOf(span['processID'])] as Json)
    : null;
  const start = nsOfCount(span['startTime'], 1000);
  const duration = nsOfCount(span['duration'], 1000);
  const kind = attributes['span.kind'];
  const errorTag = attributes['error'] === true || attributes['error'] === 'true';
  const statusCode = attributes['otel.status_code'];
  const scope = attributes['otel.scope.name'] ?? attributes['otel.library.name'];
  return {
    traceId: normaliseId(span['traceID'], 32) ?? '',
    spanId: normaliseId(span['spanID'], 16) ?? '',
    parentId: parentOf(span),
    name: typeof span['operationName'] === 'string' ? span['operationName'] : '',
    kind: typeof kind === 'string' ? kind.toUpperCase() : null,
    startNs: start,
    endNs:
      start !== null && duration !== null ? (BigInt(start) + BigInt(duration)).toString() : null,
    attributes,
    events: listAt(span['logs']).flatMap((log) =>
      isObject(log)
        ? [
            {
              name: textOf(tags(log['fields'])['event'] ?? 'log'),
              timeNs: nsOfCount(log['timestamp'], 1000),
              attributes: tags(log['fields']),
            },
          ]
        : [],
    ),
    status: {
      error: errorTag || statusCode === 'ERROR',
      message: textOf(attributes['otel.status_description']),
    },
    service: process && typeof process['serviceName'] === 'string' ? process['serviceName'] : null,
    scope: typeof scope === 'string' ? scope : null,
    backend: null,
  };
}

/** Pure: every span of every trace in a Jaeger response. */
export function readJaeger(value: Json): ForeignSpan[] {
  return listAt(value['data']).flatMap((trace) => {
    if (!isObject(trace)) return [];
    const processes = isObject(trace['processes']) ? trace['processes'] : {};
    return listAt(trace['spans']).flatMap((span) =>
      isObject(span) ? [spanOf(span, processes)] : [],
    );
  });
}
