import { describe, expect, it } from 'vitest';
import { layoutMachine, type MachineEdge } from './phase-graph-machine-layout';

const node = (id: string) => ({ id, width: 100, height: 40 });
const edge = (id: string, source: string, target: string, free = false): MachineEdge => ({
  id,
  source,
  target,
  weight: 1,
  free,
});
const LOOP = { width: 80, height: 40 };

describe('the machine laid out once', () => {
  const nodes = ['a', 'b', 'c', 'end'].map(node);
  const flow = [edge('ab', 'a', 'b'), edge('ac', 'a', 'c'), edge('ba', 'b', 'a')];

  it('places the same input the same way every time', () => {
    const one = layoutMachine({ direction: 'TB', nodes, edges: flow, loopLabel: LOOP });
    const two = layoutMachine({ direction: 'TB', nodes, edges: flow, loopLabel: LOOP });
    expect([...one.nodes]).toEqual([...two.nodes]);
    expect([...one.edges]).toEqual([...two.edges]);
  });

  it('free edges move no node; a node only they reach goes in a column past the rest', () => {
    const without = layoutMachine({ direction: 'TB', nodes, edges: flow, loopLabel: LOOP });
    const free = [edge('b-end', 'b', 'end', true), edge('end-a', 'end', 'a', true)];
    const withFree = layoutMachine({
      direction: 'TB',
      nodes,
      edges: [...flow, ...free],
      loopLabel: LOOP,
    });
    for (const id of ['a', 'b', 'c']) expect(withFree.nodes.get(id)).toEqual(without.nodes.get(id));
    const right = Math.max(...['a', 'b', 'c'].map((id) => (withFree.nodes.get(id)?.x ?? 0) + 100));
    expect(withFree.nodes.get('end')?.x).toBeGreaterThan(right);
    expect(withFree.nodes.get('end')?.y).toBe(withFree.nodes.get('b')?.y);
    // Down with the flow, and back up round the side, both off every node's box.
    for (const id of ['b-end', 'end-a']) {
      const points = withFree.edges.get(id)?.points ?? [];
      expect(points.length, id).toBeGreaterThan(1);
    }
    const back = withFree.edges.get('end-a')?.points ?? [];
    const left = Math.min(...[...withFree.nodes.values()].map((at) => at.x));
    expect(Math.min(...back.map((p) => p.x))).toBeLessThan(left);
  });

  it('hangs a self-loop off its node with its label beside it', () => {
    const placed = layoutMachine({
      direction: 'TB',
      nodes,
      edges: [...flow, edge('aa', 'a', 'a')],
      loopLabel: LOOP,
    });
    const a = placed.nodes.get('a');
    const loop = placed.edges.get('aa');
    expect(loop?.loopLabel?.x).toBeGreaterThan((a?.x ?? 0) + 100 + LOOP.width / 2);
    expect(loop?.loopLabel?.y).toBe((a?.y ?? 0) + 20);
  });
});
