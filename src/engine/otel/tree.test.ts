import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isZeroId } from './ids';
import { NoteLog, type ForeignSpan } from './model';
import { compareNs } from './times';
import { buildTree, type TreeNode } from './tree';

const span = (traceId: string, spanId: string, parentId: string | null, startNs: string | null) =>
  ({
    traceId,
    spanId,
    parentId,
    name: `${traceId}/${spanId}`,
    kind: null,
    startNs,
    endNs: null,
    attributes: {},
    events: [],
    status: { error: false, message: '' },
    service: null,
    scope: null,
    backend: null,
  }) as unknown as ForeignSpan;

/** Spans over few ids, so repeats, missing parents, parents in another trace and cycles are common. */
const spans = fc.array(
  fc
    .tuple(
      fc.constantFrom('t1', 't2'),
      fc.constantFrom('', 'a', 'b', 'c', 'd', 'e'),
      fc.constantFrom(null, '', '0000', 'a', 'b', 'c', 'd', 'e', 'x'),
      fc.constantFrom(null, '1', '2', '3', '10'),
    )
    .map(([traceId, spanId, parentId, start]) => span(traceId, spanId, parentId, start)),
  { maxLength: 30 },
);

/** The spans' ids with a synthetic one for an empty id, and each key once (as `buildTree` does). */
function uniqueOnes(input: readonly ForeignSpan[], notes: NoteLog): ForeignSpan[] {
  const byKey = new Map<string, ForeignSpan>();
  let synthetic = 0;
  let repeated = 0;
  for (const one of input) {
    const spanId = one.spanId === '' ? `span-${++synthetic}` : one.spanId;
    const key = `${one.traceId}/${spanId}`;
    if (byKey.has(key)) repeated++;
    else byKey.set(key, spanId === one.spanId ? one : { ...one, spanId });
  }
  if (synthetic > 0)
    notes.add(
      'synthetic_id',
      `${synthetic} ${synthetic === 1 ? 'span has' : 'spans have'} no span id; given synthetic ids (span-1, …) and shown as roots`,
    );
  if (repeated > 0)
    notes.add(
      'duplicate_span',
      `${repeated} ${repeated === 1 ? 'span was' : 'spans were'} in the file twice; each is shown once`,
    );
  return [...byKey.values()];
}

const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;

/** The tree as it was built before it walked spans by their places (a key string per look-up). */
function referenceTree(spans: readonly ForeignSpan[], notes: NoteLog): TreeNode[] {
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

describe('the span tree', () => {
  it('is the tree the walk by key strings built, nodes, parents, depths, order and notes', () => {
    fc.assert(
      fc.property(spans, (input) => {
        const notes = new NoteLog();
        const expected = new NoteLog();
        const tree = buildTree(input, notes);
        expect(tree).toEqual(referenceTree(uniqueOnes(input, expected), expected));
        expect(notes.notes).toEqual(expected.notes);
        // Every span once, each parent before its children.
        const seen = new Set<string>();
        for (const node of tree) {
          if (node.parent !== null) expect(seen).toContain(node.parent);
          seen.add(node.key);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('cuts a cycle once and says where', () => {
    const notes = new NoteLog();
    const tree = buildTree([span('t', 'a', 'b', '1'), span('t', 'b', 'a', '2')], notes);
    expect(tree.map((node) => [node.key, node.parent, node.depth])).toEqual([
      ['t/b', null, 0],
      ['t/a', 't/b', 1],
    ]);
    expect(notes.notes.map((note) => note.code)).toEqual(['parent_cycle']);
  });
});
