/**
 * The span tree of a file: every span once (a span listed twice is merged), each with a unique
 * key, its parent (a parent not in the file, or a link that closes a cycle, makes it a root, and
 * a note says so), its depth and its place in depth-first order, children by start time. No
 * recursion: a tree 10,000 deep is walked with an explicit stack. Pure.
 */
import type { ForeignSpan, NoteLog } from './model';
import { isZeroId } from './ids';
import { compareNs } from './times';

export interface TreeNode {
  readonly key: string;
  readonly span: ForeignSpan;
  readonly parent: string | null;
  readonly depth: number;
  /** Position in depth-first order. */
  readonly order: number;
}

const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;

/** Pure: spans with ids (a synthetic one for an empty id, said once) and without repeats. */
function uniqueSpans(spans: readonly ForeignSpan[], notes: NoteLog): ForeignSpan[] {
  const byKey = new Map<string, ForeignSpan>();
  let synthetic = 0;
  let repeated = 0;
  for (const span of spans) {
    let spanId = span.spanId;
    if (spanId === '') spanId = `span-${++synthetic}`;
    const key = `${span.traceId}/${spanId}`;
    if (byKey.has(key)) {
      repeated++;
      continue;
    }
    byKey.set(key, spanId === span.spanId ? span : { ...span, spanId });
  }
  if (synthetic > 0) {
    notes.add(
      'synthetic_id',
      `${plural(synthetic, 'span has', 'spans have')} no span id; given synthetic ids (span-1, …) and shown as roots`,
    );
  }
  if (repeated > 0)
    notes.add(
      'duplicate_span',
      `${plural(repeated, 'span was', 'spans were')} in the file twice; each is shown once`,
    );
  return [...byKey.values()];
}

/** Pure: the tree of the spans, in depth-first order. */
export function buildTree(input: readonly ForeignSpan[], notes: NoteLog): TreeNode[] {
  const spans = uniqueSpans(input, notes);
  const keyOf = (span: ForeignSpan): string => `${span.traceId}/${span.spanId}`;
  const byKey = new Map(spans.map((span) => [keyOf(span), span]));
  const bySpanId = new Map<string, string>();
  for (const span of spans) if (!bySpanId.has(span.spanId)) bySpanId.set(span.spanId, keyOf(span));
  const parentOf = new Map<string, string | null>();
  let missing = 0;
  for (const span of spans) {
    const id = span.parentId;
    if (id === null || id === '' || isZeroId(id)) {
      parentOf.set(keyOf(span), null);
      continue;
    }
    const key = byKey.has(`${span.traceId}/${id}`)
      ? `${span.traceId}/${id}`
      : (bySpanId.get(id) ?? null);
    if (key === null) missing++;
    parentOf.set(keyOf(span), key === keyOf(span) ? null : key);
  }
  if (missing > 0) {
    notes.add(
      'parent_missing',
      `${plural(missing, 'span names a parent', 'spans name parents')} not in the file; shown as roots`,
    );
  }
  // Cut cycles: follow each chain of parents once; a link back into the chain being walked is cut.
  const state = new Map<string, 1 | 2>();
  for (const span of spans) {
    const chain: string[] = [];
    let key: string | null = keyOf(span);
    while (key !== null && !state.has(key)) {
      state.set(key, 1);
      chain.push(key);
      key = parentOf.get(key) ?? null;
    }
    if (key !== null && state.get(key) === 1) {
      const cut = chain[chain.length - 1]!;
      parentOf.set(cut, null);
      notes.add(
        'parent_cycle',
        `the parent links of span ${byKey.get(cut)!.spanId} form a cycle; the cycle was cut there and the span shown as a root`,
        byKey.get(cut)!.spanId,
      );
    }
    for (const done of chain) state.set(done, 2);
  }
  const children = new Map<string | null, ForeignSpan[]>();
  for (const span of spans) {
    const parent = parentOf.get(keyOf(span)) ?? null;
    const list = children.get(parent) ?? [];
    list.push(span);
    children.set(parent, list);
  }
  for (const list of children.values()) list.sort((a, b) => compareNs(a.startNs, b.startNs));
  const nodes: TreeNode[] = [];
  const stack: { span: ForeignSpan; depth: number }[] = [...(children.get(null) ?? [])]
    .reverse()
    .map((span) => ({ span, depth: 0 }));
  while (stack.length > 0) {
    const { span, depth } = stack.pop()!;
    const key = keyOf(span);
    nodes.push({ key, span, parent: parentOf.get(key) ?? null, depth, order: nodes.length });
    const below = children.get(key) ?? [];
    for (let index = below.length - 1; index >= 0; index--)
      stack.push({ span: below[index]!, depth: depth + 1 });
  }
  return nodes;
}
