import { describe, expect, it } from 'vitest';
import type { SpanRow } from '../engine';
import { MAX_INDENT, MAX_SPAN_ROWS, spanTreeView } from './span-tree';

const row = (id: string, type: SpanRow['type'], step: number | null, depth = 0): SpanRow => ({
  id,
  parentId: null,
  depth,
  name: id,
  type,
  typeLabel: type,
  label: type,
  service: null,
  startNs: null,
  durationMs: 0,
  error: false,
  statusMessage: '',
  step,
  note: null,
});

describe('the span tree of an imported trace', () => {
  it('says how many spans became steps and what was not mapped, by type', () => {
    const view = spanTreeView({
      formatLabel: 'Jaeger JSON',
      spans: [
        row('a', 'agent', null),
        row('m1', 'model', 0, 1),
        row('m2', 'model', 0, 2),
        row('t', 'tool', 0, 1),
        row('h1', 'http', null),
        row('h2', 'http', null),
      ],
      notes: [
        {
          code: 'parent_missing',
          message: '1 span names a parent not in the file; shown as roots',
        },
      ],
    });
    expect(view.summary).toBe(
      'Jaeger JSON · 6 spans · 3 spans became 1 step · 3 not mapped (2 HTTP, 1 agent)',
    );
    expect(view.notes).toEqual(['1 span names a parent not in the file; shown as roots']);
  });

  it('says so when nothing became a step', () => {
    const view = spanTreeView({
      formatLabel: 'OTLP JSON Lines',
      spans: [row('x', 'span', null)],
      notes: [],
    });
    expect(view.summary).toBe('OTLP JSON Lines · 1 span · no steps · 1 not mapped (1 other)');
  });

  it('caps the indentation and the rows listed of a huge, deep tree', () => {
    const spans = Array.from({ length: MAX_SPAN_ROWS + 5 }, (_, index) =>
      row(`s${index}`, 'span', null, index),
    );
    const view = spanTreeView({ formatLabel: 'OTLP/JSON', spans, notes: [] });
    expect(view.rows).toHaveLength(MAX_SPAN_ROWS);
    expect(view.hiddenRows).toBe(5);
    expect(Math.max(...view.rows.map((item) => item.indent))).toBe(MAX_INDENT);
  });
});
