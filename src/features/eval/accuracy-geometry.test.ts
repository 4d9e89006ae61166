import { describe, expect, it } from 'vitest';
import { accuracyGeometry } from './accuracy-geometry';
import type { AccuracyPoint } from './chart-data';
import { overlapArea } from './chart-layout';
import { textWidth } from './chart-scale';
import { CONFIG_COLOR } from './labels';

describe('tokens vs accuracy', () => {
  const data: AccuracyPoint[] = [
    { label: 'act+off', tokens: 975, accuracy: 61.9 },
    { label: 'react+off', tokens: 1178, accuracy: 69 },
    { label: 'react+fixed', tokens: 1840, accuracy: 83.3 },
    { label: 'react+adaptive', tokens: 1470, accuracy: 83.3 },
    { label: 'reflact+off', tokens: 1905, accuracy: 92.9 },
    { label: 'reflact+fixed', tokens: 2400, accuracy: 92.9 },
    { label: 'reflact+adaptive', tokens: 2075, accuracy: 92.9 },
  ];

  it('percent correct from 0 to 100 by 25; tokens on round ticks inside the plot', () => {
    const g = accuracyGeometry(data, 448);
    expect(g.yTicks.map((t) => t.text)).toEqual(['0%', '25%', '50%', '75%', '100%']);
    expect(g.yTicks[0]!.position).toBe(g.plot.y + g.plot.height);
    expect(g.yTicks[4]!.position).toBe(g.plot.y);
    expect(g.xTicks.map((t) => t.text)).toEqual(['1,000', '1,500', '2,000', '2,500']);
    for (const tick of g.xTicks) {
      expect(tick.position).toBeGreaterThanOrEqual(g.plot.x);
      expect(tick.position).toBeLessThanOrEqual(g.plot.x + g.plot.width);
    }
  });

  it('puts every point inside the plot, in its config’s colour, higher for more correct', () => {
    const g = accuracyGeometry(data, 448);
    for (const point of g.points) {
      expect(point.color).toBe(CONFIG_COLOR[point.label]);
      expect(point.x).toBeGreaterThan(g.plot.x);
      expect(point.x).toBeLessThan(g.plot.x + g.plot.width);
    }
    const [act, , , , reflact] = g.points;
    expect(reflact!.y).toBeLessThan(act!.y);
    expect(reflact!.x).toBeGreaterThan(act!.x);
  });

  it('labels every point without overlaps from a 1280 px window up (no legend then)', () => {
    for (const width of [448, 620, 800, 1200]) {
      const { points, plot, legend } = accuracyGeometry(data, width);
      expect(legend).toEqual([]);
      points.forEach((point, i) => {
        expect(point.labelled).toBe(true);
        expect(point.labelBox.width).toBeCloseTo(point.label.length * 6.6);
        expect(point.labelBox.y + point.labelBox.height).toBeLessThanOrEqual(plot.y + plot.height);
        points.forEach((other, j) => {
          if (i !== j) expect(overlapArea(point.labelBox, other.labelBox), `${width}px`).toBe(0);
        });
      });
    }
  });

  it('too narrow for every label: the ones that do not fit are left out and named in a legend', () => {
    const { points, legend } = accuracyGeometry(data, 260);
    const shown = points.filter((point) => point.labelled);
    const left = points.filter((point) => !point.labelled);
    expect(left.length).toBeGreaterThan(0);
    expect(legend.map((item) => item.label)).toEqual(left.map((point) => point.label));
    shown.forEach((point, i) =>
      shown.forEach((other, j) => {
        if (i !== j) expect(overlapArea(point.labelBox, other.labelBox)).toBe(0);
      }),
    );
  });

  it('gives a single point (or equal tokens) a span of its own, centred', () => {
    const g = accuracyGeometry([{ label: 'react+off', tokens: 1200, accuracy: 50 }], 400);
    expect(g.points[0]!.x).toBeCloseTo(g.plot.x + g.plot.width / 2);
    expect(g.xTicks.map((t) => t.text)).toContain('1,200');
    // No tick text runs into the y axis's labels.
    for (const tick of g.xTicks)
      expect(tick.position - textWidth(tick.text, 'sans') / 2).toBeGreaterThan(g.plot.x);
    expect(accuracyGeometry([], 400).points).toEqual([]);
  });
});
