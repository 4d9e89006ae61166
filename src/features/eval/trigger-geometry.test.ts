import { describe, expect, it } from 'vitest';
import type { TriggerBar } from './chart-data';
import { TRIGGER_COLOR } from './labels';
import { triggerGeometry } from './trigger-geometry';

const PRESETS = [
  'act+off',
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+off',
  'reflact+fixed',
  'reflact+adaptive',
];

describe('reflections by trigger', () => {
  const bar = (label: string, cadence: number, stall: number, duplicate = 0): TriggerBar => ({
    label,
    cadence,
    stall,
    duplicate,
  });
  const data = [
    bar('react+off', 0, 0),
    bar('react+fixed', 18, 0),
    bar('react+adaptive', 0, 9),
    bar('reflact+adaptive', 2, 7, 1),
  ];

  it('stacks the triggers bottom to top, each as tall as its count, on whole-number ticks', () => {
    const g = triggerGeometry(data, 448);
    expect(g.yTicks.map((t) => t.text)).toEqual(['0', '5', '10', '15', '20']);
    const mixed = g.bars[3]!;
    expect(mixed.total).toBe(10);
    expect(mixed.segments.map((s) => [s.trigger, s.value, s.color])).toEqual([
      ['cadence', 2, TRIGGER_COLOR.cadence],
      ['stall', 7, TRIGGER_COLOR.stall],
      ['duplicate', 1, TRIGGER_COLOR.duplicate],
    ]);
    const unit = g.plot.height / 20;
    const [cadence, stall, duplicate] = mixed.segments;
    expect(cadence!.box.y + cadence!.box.height).toBeCloseTo(g.plot.y + g.plot.height);
    expect(stall!.box.y + stall!.box.height).toBeCloseTo(cadence!.box.y);
    expect(duplicate!.box.height).toBeCloseTo(unit);
    expect(mixed.anchor.y).toBeCloseTo(duplicate!.box.y);
    expect(g.bars[0]!.segments).toEqual([]);
  });

  it('centres one bar per config in equal bands, never wider than 48 px', () => {
    const g = triggerGeometry(data, 900);
    const band = g.plot.width / data.length;
    g.bars.forEach((b, i) => {
      expect(b.band.x).toBeCloseTo(g.plot.x + i * band);
      expect(b.tick.x).toBeCloseTo(b.band.x + band / 2);
    });
    expect(g.barWidth).toBe(48);
  });

  it('fits the config names: one line when there is room, split after “+”, then at an angle', () => {
    const seven = PRESETS.map((label) => bar(label, 1, 1));
    expect(triggerGeometry(data, 900).tickMode).toBe('flat');
    const wrapped = triggerGeometry(seven, 448);
    expect(wrapped.tickMode).toBe('wrapped');
    expect(wrapped.bars[6]!.tick.lines).toEqual(['reflact+', 'adaptive']);
    const rotated = triggerGeometry(seven, 300);
    expect(rotated.tickMode).toBe('rotated');
    // The angled names need more room under the plot than two lines do.
    expect(rotated.plot.height).toBeLessThan(wrapped.plot.height);
  });

  it('says so when nothing reflected; the legend lists the triggers in order', () => {
    const g = triggerGeometry([bar('react+off', 0, 0)], 400);
    expect(g.empty).toBe(true);
    expect(g.legend.map((item) => item.label)).toEqual(['cadence', 'stall', 'duplicate']);
    expect(triggerGeometry(data, 400).empty).toBe(false);
  });
});
