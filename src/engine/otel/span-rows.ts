/**
 * The span tree as rows a view lists: every span, typed by operation or kind, with the step it
 * became, or why it was not mapped. Pure.
 */
import { TYPE_LABELS, type SpanClass, type SpanType } from './classify';
import type { CallRead } from './calls';
import type { TreeNode } from './tree';
import { msBetween } from './times';

export interface SpanRow {
  readonly id: string;
  readonly parentId: string | null;
  readonly depth: number;
  readonly name: string;
  readonly type: SpanType;
  /** What the type is called ("model call", "HTTP"). */
  readonly typeLabel: string;
  /** The operation or kind the file gave ("chat", "LLM", "SERVER"). */
  readonly label: string;
  readonly service: string | null;
  readonly startNs: string | null;
  readonly durationMs: number;
  readonly error: boolean;
  readonly statusMessage: string;
  /** The step this span became, or null. */
  readonly step: number | null;
  /** Why it was not mapped, or how it was (a nested report of a call). */
  readonly note: string | null;
}

export interface UnmappedSpan {
  readonly spanId: string;
  readonly name: string;
  readonly type: SpanType;
  readonly reason: string;
}

const REASONS: Readonly<Record<SpanType, string>> = {
  model: 'a model call',
  tool: 'a tool call',
  agent:
    'an agent span: it holds the calls; token counts on it are a rollup and are not added to them',
  chain: 'a chain or workflow span: it holds calls, it is not one',
  retriever: 'a retriever: Loopscope steps are model and tool calls',
  embedding: 'an embedding call: not a step of the loop',
  http: 'an HTTP span: transport, not a model or tool call',
  database: 'a database span: not a model or tool call',
  span: 'not a model or tool call',
};

/** Pure: the rows of the tree, and the spans no step holds. */
export function spanRows(
  nodes: readonly TreeNode[],
  classes: ReadonlyMap<string, SpanClass>,
  calls: readonly CallRead[],
  stepOf: ReadonlyMap<string, number>,
): { rows: SpanRow[]; unmapped: UnmappedSpan[] } {
  const reportOf = new Map<string, CallRead>();
  for (const call of calls) for (const report of call.reports) reportOf.set(report.key, call);
  const rows: SpanRow[] = [];
  const unmapped: UnmappedSpan[] = [];
  for (const node of nodes) {
    const kind = classes.get(node.key)!;
    const call = reportOf.get(node.key);
    const head = call?.node.key ?? node.key;
    const step = stepOf.get(node.key) ?? (call ? (stepOf.get(head) ?? null) : null);
    let note: string | null = null;
    if (call && head !== node.key)
      note = `the same ${TYPE_LABELS[kind.type]} as its parent span, counted once`;
    if (step === null) {
      note = call ? `${REASONS[kind.type]} without a step` : REASONS[kind.type];
      unmapped.push({
        spanId: node.span.spanId,
        name: node.span.name,
        type: kind.type,
        reason: note,
      });
    }
    rows.push({
      id: node.span.spanId,
      parentId: node.parent === null ? null : node.parent.slice(node.parent.indexOf('/') + 1),
      depth: node.depth,
      name: node.span.name,
      type: kind.type,
      typeLabel: TYPE_LABELS[kind.type],
      label: kind.label,
      service: node.span.service,
      startNs: node.span.startNs,
      durationMs: msBetween(node.span.startNs, node.span.endNs),
      error: node.span.status.error,
      statusMessage: node.span.status.message,
      step,
      note,
    });
  }
  return { rows, unmapped };
}
