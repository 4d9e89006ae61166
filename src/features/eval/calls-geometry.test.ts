import { describe, expect, it } from 'vitest';
import { callsGeometry } from './calls-geometry';
import type { ScenarioCalls } from './chart-data';
import { CONFIG_COLOR } from './labels';

const PRESETS = [
  'act+off',
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+off',
  'reflact+fixed',
  'reflact+adaptive',
];

describe('calls per scenario', () => {
  const configs = ['react+off', 'react+fixed'];
  const data: ScenarioCalls[] = [
    { scenario: 'rca-checkout-latency', calls: [4, 5] },
    { scenario: 'shopops-fabricated-agreement', calls: [3, null] },
  ];

  it('a row per scenario, a bar per config in column order, as long as its mean', () => {
    const g = callsGeometry(data, configs, 800);
    expect(g.xTicks.map((t) => t.text)).toEqual(['0', '1', '2', '3', '4', '5']);
    const [first, second] = g.groups;
    expect(first!.bars.map((b) => [b.label, b.value, b.color])).toEqual([
      ['react+off', 4, CONFIG_COLOR['react+off']],
      ['react+fixed', 5, CONFIG_COLOR['react+fixed']],
    ]);
    expect(first!.bars[1]!.box.x + first!.bars[1]!.box.width).toBeCloseTo(g.xTicks[5]!.position);
    expect(first!.bars[0]!.box.y).toBeLessThan(first!.bars[1]!.box.y);
    expect(first!.anchor.x).toBeCloseTo(g.xTicks[5]!.position);
    // A cell with no run (a cancelled matrix) draws no bar.
    expect(second!.bars.map((b) => b.label)).toEqual(['react+off']);
    expect(second!.band.y).toBeCloseTo(first!.band.y + first!.band.height);
    expect(g.legend.map((item) => item.label)).toEqual(configs);
  });

  it('grows with the rows; fewer configs get thicker bars', () => {
    const two = callsGeometry(data, configs, 800);
    const seven = callsGeometry(
      data.map((row) => ({ ...row, calls: PRESETS.map(() => 3) })),
      PRESETS,
      800,
    );
    expect(seven.height).toBeGreaterThan(two.height);
    expect(two.groups[0]!.bars[0]!.box.height).toBeGreaterThan(
      seven.groups[0]!.bars[0]!.box.height,
    );
    expect(callsGeometry([...data, ...data], configs, 800).height).toBeGreaterThan(two.height);
  });

  it('shows whole scenario ids when there is room, cut with “…” when not', () => {
    expect(callsGeometry(data, configs, 800).groups[1]!.tickText).toBe(
      'shopops-fabricated-agreement',
    );
    const narrow = callsGeometry(data, configs, 300);
    expect(narrow.groups[1]!.tickText).toMatch(/^shopops-.*…$/);
    expect(narrow.groups[1]!.tickText.length * 6.6).toBeLessThanOrEqual(narrow.plot.x);
  });
});
