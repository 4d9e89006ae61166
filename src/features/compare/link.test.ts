import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../../components/view-route';
import type { CompareState, LaneRun } from '../../state/compare-store';
import { compareHash } from './link';

const run = (shownId: string | null, live: boolean, status: LaneRun['status'] = 'done') =>
  ({
    status,
    runNumber: 1,
    steps: [],
    trace: null,
    error: null,
    cursor: null,
    shownId,
    live,
  }) as LaneRun;

const state = (
  runs: LaneRun[],
): Pick<CompareState, 'scenarioId' | 'lanes' | 'preset' | 'runs'> => ({
  scenarioId: 'shopops-happy',
  preset: null,
  lanes: runs.map((_run, index) => ({
    id: `lane-${index}`,
    label: `Lane ${index}`,
    overrides: { mode: index === 0 ? 'react' : 'reflact' },
    fork: null,
  })),
  runs: Object.fromEntries(runs.map((lane, index) => [`lane-${index}`, lane])),
});

describe('the compare link', () => {
  it('names the lanes, and their kept runs once every lane has finished', () => {
    const done = parseViewHash(compareHash(state([run('a', true), run('b', true)])));
    expect(done.lanes).toHaveLength(2);
    expect(done.runs).toEqual(['a', 'b']);
    const running = parseViewHash(compareHash(state([run('a', true), run('b', true, 'running')])));
    expect(running.runs).toEqual([]);
  });

  it('a copied link leaves live runs to be reproduced, and names runs from elsewhere', () => {
    expect(
      parseViewHash(compareHash(state([run('a', true), run('b', true)]), { copied: true })).runs,
    ).toEqual([]);
    const kept = compareHash(state([run('a', false), run('b', false)]), { copied: true });
    expect(parseViewHash(kept).runs).toEqual(['a', 'b']);
  });
});
