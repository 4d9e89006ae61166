/**
 * The one span model every foreign format is read into: ids as strings (never through a double),
 * times as Unix nanoseconds in decimal strings, attributes flattened to plain values. The readers
 * (`otlp.ts`, `jaeger.ts`, `langfuse.ts`, `flat-spans.ts`) produce it; `to-trace.ts` reads it.
 */

/** An attribute value as a file held it: a string, number, boolean, null, or a list or map of them. */
export type AttrValue =
  string | number | boolean | null | readonly AttrValue[] | { readonly [key: string]: AttrValue };

export type Attributes = Readonly<Record<string, AttrValue>>;

export interface SpanEvent {
  readonly name: string;
  readonly timeNs: string | null;
  readonly attributes: Attributes;
}

/** What Langfuse (or another backend) said of a span beside its attributes. */
export interface BackendFields {
  /** Langfuse's observation type: GENERATION, TOOL, AGENT, SPAN, EVENT, CHAIN, RETRIEVER, … */
  readonly type: string | null;
  readonly input: unknown;
  readonly output: unknown;
  readonly model: string | null;
  readonly promptTokens: number | null;
  readonly completionTokens: number | null;
}

export interface ForeignSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** The parent's id as written, or null for a root. It may name no span of the file. */
  readonly parentId: string | null;
  readonly name: string;
  /** SERVER, CLIENT, INTERNAL, PRODUCER, CONSUMER (upper case), or null. */
  readonly kind: string | null;
  readonly startNs: string | null;
  readonly endNs: string | null;
  readonly attributes: Attributes;
  readonly events: readonly SpanEvent[];
  readonly status: { readonly error: boolean; readonly message: string };
  readonly service: string | null;
  readonly scope: string | null;
  readonly backend: BackendFields | null;
}

/** The formats the importer recognises, as `detectFormat` names them. */
export type ForeignFormat =
  'otlp-json' | 'otlp-jsonl' | 'tempo' | 'jaeger' | 'langfuse' | 'phoenix' | 'otel-sdk';

/** What each format is called where a person reads it. */
export const FORMAT_LABELS: Readonly<Record<ForeignFormat, string>> = Object.freeze({
  'otlp-json': 'OTLP/JSON',
  'otlp-jsonl': 'OTLP JSON Lines',
  tempo: 'Grafana Tempo export',
  jaeger: 'Jaeger JSON',
  langfuse: 'Langfuse trace export',
  phoenix: 'Phoenix span JSON',
  'otel-sdk': 'OpenTelemetry SDK span JSON',
});

/** Why something in a file was not mapped, or was read with a caveat: stable codes. */
export type ImportNoteCode =
  | 'no_model_spans'
  | 'parent_missing'
  | 'parent_cycle'
  | 'synthetic_id'
  | 'bad_attribute'
  | 'duplicate_span'
  | 'several_traces'
  | 'no_messages';

export interface ImportNote {
  readonly code: ImportNoteCode;
  /** One sentence a person reads. */
  readonly message: string;
  /** The span it is about, when it is about one. */
  readonly spanId?: string;
}

/** Collects notes while a file is read; one per code and span. */
export class NoteLog {
  readonly notes: ImportNote[] = [];
  private readonly seen = new Set<string>();

  add(code: ImportNoteCode, message: string, spanId?: string): void {
    const key = `${code} ${spanId ?? ''} ${spanId ? '' : message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.notes.push(spanId === undefined ? { code, message } : { code, message, spanId });
  }
}
