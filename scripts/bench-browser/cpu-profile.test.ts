import { describe, expect, it } from 'vitest';
import { busyStretches, type CpuProfile } from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
});

/** A profile of samples 1 ms apart: `ids` by node (1 idle, 2 `render`, 3 `parse`). */
function profile(ids: readonly number[]): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: frame('(idle)') },
      { id: 2, callFrame: frame('render', 'https://x/assets/index.js', 9) },
      { id: 3, callFrame: frame('parse', 'https://x/assets/open.js', 0) },
    ],
    startTime: 0,
    samples: ids,
    timeDeltas: ids.map(() => 1_000),
  };
}

describe('busy stretches of a CPU profile', () => {
  it('finds each stretch without an idle break, with its functions by self time', () => {
    const ids = [1, ...Array<number>(40).fill(2), ...Array<number>(30).fill(3), 1, 1, 1, 1, 2, 2];
    const [stretch, ...rest] = busyStretches(profile(ids), 50);
    expect(rest).toEqual([]);
    expect(stretch?.start).toBe(2);
    expect(stretch?.ms).toBe(69);
    expect(stretch?.top).toEqual([
      { fn: 'render index.js:10', ms: 40 },
      { fn: 'parse open.js:1', ms: 30 },
    ]);
  });

  it('leaves out stretches shorter than asked', () => {
    expect(busyStretches(profile([1, 2, 2, 2, 1]), 50)).toEqual([]);
  });
});
