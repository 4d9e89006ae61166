/**
 * The span tree of an imported trace as view data: a summary in words (the format, how many
 * spans became steps, what was not mapped and of which types), the rows to list (indentation
 * capped, so a tree 10,000 deep stays readable), and how many rows were left out of the list.
 * Pure.
 */
import type { ImportNote, SpanRow, SpanType } from '../engine';

/** Rows listed at most: the rest are counted (a list of every span of a huge trace is no help). */
export const MAX_SPAN_ROWS = 2000;
/** Deepest indentation shown; deeper spans say their depth instead. */
export const MAX_INDENT = 16;

export interface SpanTreeRow extends SpanRow {
  readonly indent: number;
}

export interface SpanTreeView {
  /** "Jaeger JSON · 96 spans · 2 model calls, 1 tool call · 93 not mapped (60 HTTP, 30 span, 3 agent)". */
  readonly summary: string;
  readonly notes: readonly string[];
  readonly rows: readonly SpanTreeRow[];
  readonly hiddenRows: number;
  readonly mapped: number;
  readonly unmapped: number;
}

const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

const TYPE_WORDS: Readonly<Record<SpanType, [string, string]>> = {
  model: ['model call', 'model calls'],
  tool: ['tool call', 'tool calls'],
  agent: ['agent', 'agents'],
  chain: ['chain', 'chains'],
  retriever: ['retriever', 'retrievers'],
  embedding: ['embedding', 'embeddings'],
  http: ['HTTP', 'HTTP'],
  database: ['database', 'database'],
  span: ['other', 'other'],
};

/** Pure: the unmapped spans counted by type, most first ("60 HTTP, 30 other, 3 agents"). */
export function unmappedByType(rows: readonly SpanRow[]): string {
  const counts = new Map<SpanType, number>();
  for (const row of rows)
    if (row.step === null) counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([type, count]) => plural(count, ...TYPE_WORDS[type]))
    .join(', ');
}

/** Pure: the view of an imported trace's spans. */
export function spanTreeView(imported: {
  readonly formatLabel: string;
  readonly spans: readonly SpanRow[];
  readonly notes: readonly ImportNote[];
}): SpanTreeView {
  const { spans } = imported;
  const steps = new Set(spans.flatMap((row) => (row.step === null ? [] : [row.step])));
  const unmapped = spans.filter((row) => row.step === null).length;
  const byType = unmappedByType(spans);
  const summary = [
    imported.formatLabel,
    plural(spans.length, 'span'),
    steps.size > 0
      ? `${plural(spans.length - unmapped, 'span')} became ${plural(steps.size, 'step')}`
      : 'no steps',
    unmapped > 0 ? `${unmapped} not mapped (${byType})` : 'every span mapped',
  ].join(' · ');
  return {
    summary,
    notes: imported.notes.map((note) => note.message),
    rows: spans
      .slice(0, MAX_SPAN_ROWS)
      .map((row) => ({ ...row, indent: Math.min(row.depth, MAX_INDENT) })),
    hiddenRows: Math.max(0, spans.length - MAX_SPAN_ROWS),
    mapped: spans.length - unmapped,
    unmapped,
  };
}
