import { describe, expect, it } from 'vitest';
import { longestTaskBetween } from './otlp-100k';
import { firstLoadReport } from './report';

describe('the OTLP import figures', () => {
  it('takes the longest task that overlaps the window from the file chosen to settled', () => {
    const tasks = [
      { start: 0, end: 400 }, // the JSON.parse timing before the file was chosen
      { start: 950, end: 1_020 }, // began before the change, ended in the window
      { start: 1_500, end: 1_560.04 },
      { start: 4_000, end: 4_250 }, // the library write, in the window
      { start: 9_000, end: 9_900 }, // after settling
    ];
    expect(longestTaskBetween(tasks, 1_000, 5_000)).toBe(250);
    expect(longestTaskBetween(tasks, 1_000, 3_000)).toBe(70);
    expect(longestTaskBetween(tasks, 5_000, 8_000)).toBe(0);
  });

  it('reports its keys as text and in the JSON', () => {
    const ui = { importOtlp100kMs: 9_100, jsonParseOtlp100kMs: 900, otlp100kLongestTaskMs: 2_400 };
    expect(firstLoadReport(ui, 3, false)).toBe(
      'browser:    100,000-span OTLP file: chosen to painted 9100 ms (JSON.parse alone 900 ms), longest main-thread task until kept in the library 2400 ms\n',
    );
    expect(JSON.parse(firstLoadReport(ui, 3, true))).toEqual({ ui });
  });
});
