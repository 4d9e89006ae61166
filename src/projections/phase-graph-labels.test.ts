import { describe, expect, it } from 'vitest';
import { placeLabels, rowGaps, spreadApart } from './phase-graph-labels';

const box = (id: string, x: number, y: number) => ({ id, x, y, width: 100, height: 40 });

describe('spreading pills apart along a gap', () => {
  it('leaves pills that do not touch where they want to be', () => {
    expect(
      spreadApart(
        [
          { want: 0, size: 20 },
          { want: 100, size: 20 },
        ],
        8,
      ),
    ).toEqual([0, 100]);
  });

  it('pushes touching pills apart, centred on where they want to be, in their order', () => {
    const [a, b] = spreadApart(
      [
        { want: 50, size: 40 },
        { want: 50, size: 40 },
      ],
      8,
    );
    expect([a, b]).toEqual([26, 74]);
    // A third pill joining the cluster moves it as a whole; none overlaps another.
    const three = spreadApart(
      [
        { want: 0, size: 40 },
        { want: 10, size: 40 },
        { want: 200, size: 40 },
        { want: 20, size: 40 },
      ],
      8,
    );
    expect(three).toEqual([-38, 10, 200, 58]);
  });
});

describe('placing labels between rows', () => {
  const nodes = [box('top', 0, 0), box('left', -100, 100), box('right', 100, 100)];

  it('finds the gaps between rows', () => {
    expect(rowGaps(nodes, 'TB')).toEqual([[40, 100]]);
    expect(rowGaps(nodes, 'LR')).toEqual([]);
  });

  it('puts a pill where its route crosses the middle of a gap, never on a node', () => {
    const spots = placeLabels(
      nodes,
      [
        {
          id: 'down',
          points: [
            { x: 50, y: 40 },
            { x: 150, y: 100 },
          ],
          width: 60,
          height: 30,
        },
      ],
      'TB',
    );
    expect(spots.get('down')).toEqual({ x: 100, y: 70 });
  });

  it('spreads pills that share a gap so none covers another', () => {
    const route = [
      { x: 50, y: 40 },
      { x: 50, y: 100 },
    ];
    const spots = placeLabels(
      nodes,
      [
        { id: 'a', points: route, width: 80, height: 30 },
        { id: 'b', points: route, width: 80, height: 30 },
      ],
      'TB',
    );
    expect(spots.get('a')).toEqual({ x: 6, y: 70 });
    expect(spots.get('b')).toEqual({ x: 94, y: 70 });
  });

  it('keeps a label at its route’s midpoint when the route crosses no gap', () => {
    const spots = placeLabels(
      [box('only', 0, 0)],
      [
        {
          id: 'x',
          points: [
            { x: 0, y: 0 },
            { x: 10, y: 0 },
          ],
          width: 10,
          height: 10,
        },
      ],
      'TB',
    );
    expect(spots.get('x')).toEqual({ x: 5, y: 0 });
  });
});
