import { describe, expect, it } from 'vitest';
import { MACHINE, runScenario, scenarioConfig, transition } from '../../engine';
import { buildPhaseGraph } from '../../projections/phase-graph';
import { findBuiltin } from '../../scenarios';
import { toFlowElements } from './flow-elements';

async function stallGraph(cursor: number | null) {
  const scenario = findBuiltin('rca-search-stall');
  if (!scenario) throw new Error('no scenario');
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  const last = trace.path.at(-1);
  return buildPhaseGraph(
    MACHINE,
    {
      path: trace.path,
      steps: trace.steps,
      phase: last ? transition(last.transition).to : null,
      live: false,
      cursor,
    },
    { mode: 'unrolled', cap: 300 },
  );
}

describe('xyflow elements of the phase graph', () => {
  it('carry the state tests and styles read as data attributes', async () => {
    const { nodes, edges } = toFlowElements(await stallGraph(null), {
      kind: 'transition',
      id: 'reflect-stall',
    });
    expect(nodes[4]?.domAttributes).toMatchObject({
      'data-current': 'true',
      'data-tone': 'success',
    });
    expect(edges[0]?.domAttributes).toMatchObject({
      'data-kind': 'gate',
      'data-taken': '1',
      'data-selected': 'true',
    });
    expect(edges[0]?.ariaLabel).toMatch(/, selected$/);
  });

  it('keep the elements a cursor move did not change', async () => {
    const first = toFlowElements(await stallGraph(1), null);
    const next = toFlowElements(await stallGraph(2), null, first.cache);
    const same = next.nodes.filter((node, i) => node === first.nodes[i]).map((node) => node.id);
    expect(same).toEqual(['step-0', 'step-3', 'step-4']);
  });

  it('mark a selected phase on every node that stands for it', async () => {
    const { nodes } = toFlowElements(await stallGraph(null), { kind: 'phase', id: 'acting' });
    const selected = nodes.filter((node) => node.data.selected).map((node) => node.id);
    expect(selected).toEqual(['step-0', 'step-2', 'step-3']);
  });
});
