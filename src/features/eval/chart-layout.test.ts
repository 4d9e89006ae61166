import { describe, expect, it } from 'vitest';
import {
  bandAt,
  chartWidths,
  FIGURE_INSET,
  nearestPoint,
  overlapArea,
  placeLabels,
  roundedTopPath,
  type Box,
} from './chart-layout';

describe('the charts’ widths', () => {
  it('two columns from 720 px of area, one below', () => {
    expect(chartWidths(960)).toEqual({
      columns: 2,
      half: 474 - FIGURE_INSET,
      full: 960 - FIGURE_INSET,
    });
    expect(chartWidths(719)).toEqual({
      columns: 1,
      half: 719 - FIGURE_INSET,
      full: 719 - FIGURE_INSET,
    });
    expect(chartWidths(0)).toEqual({ columns: 1, half: 0, full: 0 });
  });
});

describe('label placement', () => {
  const bounds: Box = { x: 0, y: 0, width: 400, height: 200 };
  const dot = (x: number, y: number): Box => ({ x: x - 5, y: y - 5, width: 10, height: 10 });

  it('puts a lone label above its point, centred', () => {
    const [box] = placeLabels(
      [{ x: 100, y: 100, width: 60, height: 13 }],
      [dot(100, 100)],
      bounds,
      9,
    );
    expect(box).toEqual({ x: 70, y: 78, width: 60, height: 13 });
  });

  it('moves a label inside the bounds when above would leave them', () => {
    const [box] = placeLabels([{ x: 100, y: 5, width: 60, height: 13 }], [dot(100, 5)], bounds, 9);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(overlapArea(box!, bounds)).toBe(60 * 13);
  });

  it('keeps crowded labels clear of each other and of every point', () => {
    // Seven configs, as a real matrix put them: several at the same accuracy, close in tokens.
    const points = [
      [71, 87],
      [120, 74],
      [270, 48],
      [185, 48],
      [285, 31],
      [399, 31],
      [324, 31],
    ] as const;
    const widths = [46, 59, 73, 92, 73, 86, 106];
    const wide: Box = { x: 42, y: 0, width: 406, height: 198 };
    const boxes = placeLabels(
      points.map(([x, y], i) => ({ x, y, width: widths[i]!, height: 13 })),
      points.map(([x, y]) => dot(x, y)),
      wide,
      9,
    );
    boxes.forEach((box, i) => {
      expect(overlapArea(box, wide)).toBeCloseTo(box.width * box.height);
      points.forEach(([x, y]) => expect(overlapArea(box, dot(x, y))).toBe(0));
      boxes.forEach((other, j) => {
        if (i !== j) expect(overlapArea(box, other)).toBe(0);
      });
    });
  });
});

describe('what the pointer is over', () => {
  it('a band by position', () => {
    expect(bandAt(25, 10, 10, 4)).toBe(1);
    expect(bandAt(5, 10, 10, 4)).toBeNull();
    expect(bandAt(50, 10, 10, 4)).toBeNull();
  });

  it('the nearest point within a radius', () => {
    const points = [
      { x: 10, y: 10 },
      { x: 30, y: 10 },
    ];
    expect(nearestPoint(points, 24, 12, 20)).toBe(1);
    expect(nearestPoint(points, 100, 100, 20)).toBeNull();
  });
});

describe('bar tops', () => {
  it('round the two upper corners only', () => {
    expect(roundedTopPath({ x: 0, y: 10, width: 20, height: 30 }, 2)).toBe(
      'M0,40V12Q0,10 2,10H18Q20,10 20,12V40Z',
    );
  });

  it('never round more than the bar is high', () => {
    expect(roundedTopPath({ x: 0, y: 10, width: 20, height: 1 }, 2)).toBe(
      'M0,11V11Q0,10 1,10H19Q20,10 20,11V11Z',
    );
  });
});
