import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeRuns, upsertRun } from './library-list';
import type { RunSummary } from './library-types';

const run = (id: string, startedAt: number, name: string | null = null): RunSummary => ({
  id,
  name,
  pinned: false,
  scenarioId: 's',
  scenarioTitle: 'S',
  status: 'done',
  outcome: 'correct',
  stopReason: 'answer',
  origin: 'live',
  mode: 'reflact',
  gating: 'adaptive',
  steps: 1,
  llmCalls: 1,
  reflections: 0,
  tokens: 1,
  latencyMs: 1,
  answer: null,
  startedAt,
  endedAt: startedAt,
  bytes: 1,
});

const ids = (runs: readonly RunSummary[]) => runs.map((summary) => summary.id);

describe('upsertRun', () => {
  it('puts a new run by its start, newest first, and replaces one of the same id in place', () => {
    const list = [run('c', 30), run('b', 20), run('a', 10)];
    expect(ids(upsertRun(list, run('d', 25)))).toEqual(['c', 'd', 'b', 'a']);
    const renamed = upsertRun(list, run('b', 20, 'mine'));
    expect(ids(renamed)).toEqual(['c', 'b', 'a']);
    expect(renamed[1]!.name).toBe('mine');
    expect(ids(upsertRun(list, run('a', 40)))).toEqual(['a', 'c', 'b']);
  });
});

describe('mergeRuns', () => {
  it('keeps a batch of runs that started together in its order, after those listed', () => {
    const list = [run('old-2', 50), run('same', 50), run('older', 10)];
    const batch = [run('m-0', 50), run('m-1', 50), run('new', 60), run('m-2', 50)];
    expect(ids(mergeRuns(list, batch))).toEqual([
      'new',
      'old-2',
      'same',
      'm-0',
      'm-1',
      'm-2',
      'older',
    ]);
  });

  it('takes the last of a run a batch names twice', () => {
    const merged = mergeRuns(
      [run('a', 10)],
      [run('b', 20, 'first'), run('c', 20), run('b', 20, 'second')],
    );
    expect(ids(merged)).toEqual(['b', 'c', 'a']);
    expect(merged[0]!.name).toBe('second');
  });

  it('is the same list as folding upsertRun over the batch', () => {
    const start = fc.integer({ min: 0, max: 6 });
    const listed = fc
      .uniqueArray(fc.record({ id: fc.integer({ min: 0, max: 30 }), startedAt: start }), {
        selector: (entry) => entry.id,
        maxLength: 20,
      })
      .map((entries) =>
        entries
          .sort((a, b) => b.startedAt - a.startedAt)
          .map((entry) => run(`r${entry.id}`, entry.startedAt)),
      );
    const batch = fc
      .uniqueArray(fc.record({ id: fc.integer({ min: 0, max: 30 }), startedAt: start }), {
        selector: (entry) => entry.id,
        maxLength: 20,
      })
      .map((entries) => entries.map((entry) => run(`r${entry.id}`, entry.startedAt, 'new')));
    fc.assert(
      fc.property(listed, batch, (list, summaries) => {
        expect(mergeRuns(list, summaries)).toEqual(summaries.reduce(upsertRun, list));
      }),
    );
  });
});
