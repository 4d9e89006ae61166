import { describe, expect, it } from 'vitest';
import { MACHINE, buildPhaseGraph } from '../phase-graph';
import { timelineLens } from '../timeline';
import { buildLens } from './index';
import { configWith, handTrace, withPath } from './lens-fixtures';

const trace = withPath(
  handTrace([
    { tool: 'get', args: { id: 1 }, result: { a: 1 } },
    { tool: 'get', args: { id: 1 }, result: { a: 1 } },
    { answer: 'Done.' },
  ]),
);
const lens = buildLens(trace, {
  config: configWith({ duplicates: 'escalate', reflection: { gating: 'off' } }),
});

describe('the lens on the timeline', () => {
  it('gives a marked step its "would have" words and says it would have stopped there', () => {
    const cells = timelineLens(lens);
    expect(cells.get(1)).toEqual({
      text: 'would have escalated this call: it repeats the call of step 0; would have counted empty: already seen at step 0 (1 in a row)',
      stops: true,
      kinds: ['duplicate', 'empty'],
    });
    expect(cells.has(0)).toBe(false);
    expect(timelineLens(lens)).toBe(cells);
    expect(timelineLens(null).size).toBe(0);
  });
});

describe('the lens on the phase graph', () => {
  const run = { path: trace.path, steps: trace.steps, phase: null, live: false };

  it('draws a transition only the lens takes, labelled "would have", apart from taken ones', () => {
    const graph = buildPhaseGraph(
      MACHINE,
      { ...run, wouldHave: lens.byTransition },
      { mode: 'aggregate', cap: 300 },
    );
    const edge = graph.edges.find((candidate) => candidate.id === 'duplicate-escalate');
    expect(edge).toMatchObject({ taken: 0, wouldHave: [1], faint: false });
    expect(edge?.pill).toEqual({
      badge: null,
      text: 'duplicate-escalate',
      detail: 'would have ×1: step 1',
    });
    expect(edge?.ariaLabel).toContain('not taken, would have ×1: step 1');
    expect(graph.nodes.some((node) => node.id === 'escalated')).toBe(true);
  });

  it('without a lens, draws no such transition', () => {
    const graph = buildPhaseGraph(MACHINE, run, { mode: 'aggregate', cap: 300 });
    expect(graph.edges.some((edge) => edge.id === 'duplicate-escalate')).toBe(false);
    expect(graph.edges.every((edge) => edge.wouldHave.length === 0)).toBe(true);
  });
});
