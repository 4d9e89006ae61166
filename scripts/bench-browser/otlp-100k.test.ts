import { describe, expect, it } from 'vitest';
import { firstLoadReport } from './report';

describe('the OTLP import figures', () => {
  it('reports its keys as text and in the JSON', () => {
    const ui = { importOtlp100kMs: 9_100, jsonParseOtlp100kMs: 900, otlp100kLongestTaskMs: 2_400 };
    expect(firstLoadReport(ui, 3, false)).toBe(
      'browser:    100,000-span OTLP file: chosen to painted 9100 ms (JSON.parse alone 900 ms), longest main-thread task until kept in the library 2400 ms\n',
    );
    expect(JSON.parse(firstLoadReport(ui, 3, true))).toEqual({ ui });
  });
});
