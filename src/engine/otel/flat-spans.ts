/**
 * Span lists with flat attribute maps into the span model: Phoenix span JSON (`context`,
 * `span_kind`, `parent_id`, ISO times) and the OpenTelemetry SDK's span JSON (Python's
 * `ReadableSpan.to_json`, any-agent's `AgentTrace`: `parent`, `context` with ids as `0x` hex or
 * as decimal integers, times in ns or ISO). Nested attribute objects are flattened to dotted
 * keys (`llm.input_messages.0.message.role`). Pure.
 */
import { normaliseId, type IdStyle } from './ids';
import type { AttrValue, Attributes, ForeignSpan, SpanEvent } from './model';
import { nsOf } from './times';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listAt = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
/** Deepest attribute nesting flattened (a deeper value is kept as it is). */
const FLATTEN_DEPTH = 12;

const looksLikeSpan = (value: unknown): boolean =>
  isObject(value) && isObject(value['context']) && 'span_id' in value['context'];

/** Pure: a list of Phoenix spans (they have `span_kind`)? */
export const isPhoenixList = (value: readonly unknown[]): boolean =>
  value.length > 0 &&
  value.every(looksLikeSpan) &&
  value.some((span) => 'span_kind' in (span as Json));

/** Pure: the SDK's span JSON: a list of spans, or `{spans: [...]}`. */
export function sdkSpansOf(value: unknown): readonly unknown[] | null {
  const list = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value['spans'])
      ? value['spans']
      : null;
  return list && list.length > 0 && list.every(looksLikeSpan) ? list : null;
}

/** Pure: nested plain objects as dotted keys; lists of objects as indexed keys. */
export function flatten(value: unknown): Attributes {
  const out: Record<string, AttrValue> = {};
  const walk = (prefix: string, item: unknown, depth: number): void => {
    const nested =
      depth < FLATTEN_DEPTH &&
      (isObject(item) || (Array.isArray(item) && item.some((entry) => isObject(entry))));
    // The root is walked by depth, not by an empty prefix: a key may be "" (`{"": 1}`).
    if (depth > 0 && !nested) {
      out[prefix] = (item ?? null) as AttrValue;
      return;
    }
    const entries = Array.isArray(item)
      ? item.map((entry, index) => [String(index), entry] as const)
      : Object.entries(item as Json);
    for (const [key, entry] of entries)
      walk(depth === 0 ? key : `${prefix}.${key}`, entry, depth + 1);
  };
  if (isObject(value)) walk('', value, 0);
  return out;
}

function kindOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  return raw.replace(/^(SpanKind\.|SPAN_KIND_)/i, '').toUpperCase();
}

function eventsOf(raw: unknown): SpanEvent[] {
  return listAt(raw).flatMap((event) =>
    isObject(event)
      ? [
          {
            name: typeof event['name'] === 'string' ? event['name'] : '',
            timeNs: nsOf(event['timestamp']),
            attributes: flatten(event['attributes']),
          },
        ]
      : [],
  );
}

function errorOf(status: unknown, code: unknown): boolean {
  const value = isObject(status) ? status['status_code'] : code;
  return typeof value === 'string' && /error/i.test(value);
}

/** Pure: one span of either flat format. */
function spanOf(span: Json, style: IdStyle): ForeignSpan {
  const context = span['context'] as Json;
  const parent = isObject(span['parent']) ? span['parent']['span_id'] : span['parent_id'];
  const status = span['status'];
  const resource = isObject(span['resource']) ? flatten(span['resource']['attributes']) : {};
  const attributes = flatten(span['attributes']);
  const message = isObject(status) ? status['description'] : (span['status_message'] ?? null);
  return {
    traceId: normaliseId(context['trace_id'], 32, style) ?? '',
    spanId: normaliseId(context['span_id'], 16, style) ?? '',
    parentId: normaliseId(parent, 16, style),
    name: typeof span['name'] === 'string' ? span['name'] : '',
    kind: kindOf(span['kind']),
    startNs: nsOf(span['start_time']),
    endNs: nsOf(span['end_time']),
    attributes:
      typeof span['span_kind'] === 'string' && !('openinference.span.kind' in attributes)
        ? { ...attributes, 'openinference.span.kind': span['span_kind'] }
        : attributes,
    events: eventsOf(span['events']),
    status: {
      error: errorOf(status, span['status_code']),
      message: typeof message === 'string' ? message : '',
    },
    service: typeof resource['service.name'] === 'string' ? resource['service.name'] : null,
    scope: null,
    backend: null,
  };
}

/** Pure: Phoenix spans (ids kept as written: they are strings). */
export const readPhoenix = (list: readonly unknown[]): ForeignSpan[] =>
  list.filter(isObject).map((span) => spanOf(span, 'otlp'));

/** Pure: SDK spans (bare integer ids are decimal). */
export const readSdkSpans = (list: readonly unknown[]): ForeignSpan[] =>
  list.filter(isObject).map((span) => spanOf(span, 'decimal'));
