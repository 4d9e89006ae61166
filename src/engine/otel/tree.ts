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
  // Spans by their place in `spans`: each key is written once (100,000 spans' keys written at
  // every look-up were a third of this walk's time, and most of its garbage).
  const keys = spans.map((span) => `${span.traceId}/${span.spanId}`);
  const byKey = new Map(keys.map((key, index) => [key, index]));
  const bySpanId = new Map<string, number>();
  spans.forEach((span, index) => {
    if (!bySpanId.has(span.spanId)) bySpanId.set(span.spanId, index);
  });
  /** Each span's parent's place; -1: a root. */
  const parents = new Int32Array(spans.length).fill(-1);
  let missing = 0;
  spans.forEach((span, index) => {
    const id = span.parentId;
    if (id === null || id === '' || isZeroId(id)) return;
    const parent = byKey.get(`${span.traceId}/${id}`) ?? bySpanId.get(id);
    if (parent === undefined) missing++;
    else if (parent !== index) parents[index] = parent;
  });
  if (missing > 0) {
    notes.add(
      'parent_missing',
      `${plural(missing, 'span names a parent', 'spans name parents')} not in the file; shown as roots`,
    );
  }
  // Cut cycles: follow each chain of parents once; a link back into the chain being walked is cut.
  const state = new Uint8Array(spans.length); // 0 unseen, 1 on the chain walked, 2 done
  for (let index = 0; index < spans.length; index++) {
    const chain: number[] = [];
    let at = index;
    while (at !== -1 && state[at] === 0) {
      state[at] = 1;
      chain.push(at);
      at = parents[at]!;
    }
    if (at !== -1 && state[at] === 1) {
      const cut = chain[chain.length - 1]!;
      parents[cut] = -1;
      const { spanId } = spans[cut]!;
      notes.add(
        'parent_cycle',
        `the parent links of span ${spanId} form a cycle; the cycle was cut there and the span shown as a root`,
        spanId,
      );
    }
    for (const done of chain) state[done] = 2;
  }
  const roots: number[] = [];
  const children: (number[] | undefined)[] = Array.from({ length: spans.length });
  spans.forEach((_, index) => {
    const parent = parents[index]!;
    if (parent === -1) roots.push(index);
    else (children[parent] ??= []).push(index);
  });
  const byStart = (a: number, b: number) => compareNs(spans[a]!.startNs, spans[b]!.startNs);
  roots.sort(byStart);
  for (const list of children) list?.sort(byStart);
  const nodes: TreeNode[] = [];
  const stack: { index: number; depth: number }[] = roots
    .reverse()
    .map((index) => ({ index, depth: 0 }));
  while (stack.length > 0) {
    const { index, depth } = stack.pop()!;
    const parent = parents[index]!;
    nodes.push({
      key: keys[index]!,
      span: spans[index]!,
      parent: parent === -1 ? null : keys[parent]!,
      depth,
      order: nodes.length,
    });
    const below = children[index] ?? [];
    for (let at = below.length - 1; at >= 0; at--)
      stack.push({ index: below[at]!, depth: depth + 1 });
  }
  return nodes;
}
