import { describe, expect, it } from 'vitest';
import type { Gating, Mode } from '../engine';
import { EVERY_RUN, filterRuns, visibleRuns, type LibraryQuery } from './library-query';
import type { RunOutcome, RunSummary } from './library-types';

const OUTCOMES: readonly RunOutcome[] = ['correct', 'wrong', 'escalated', 'failed', 'interrupted'];
const MODES: readonly Mode[] = ['act', 'react', 'reflact'];
const GATINGS: readonly Gating[] = ['off', 'fixed', 'adaptive'];
const SCENARIOS = [
  ['shopops-happy', 'ShopOps: a late parcel'],
  ['rca-search-stall', 'RCA: search stalls'],
  ['dg-agentur-contact', 'DG: Agentur contact'],
  ['returns-laptop', 'Returns: a laptop'],
] as const;

/** Run `index` of a made-up library: every field cycles, so each filter's answer is countable. */
function summary(index: number): RunSummary {
  const [scenarioId, scenarioTitle] = SCENARIOS[index % SCENARIOS.length]!;
  return {
    id: `run-${index}`,
    name: index % 100 === 0 ? `Checked by hand ${index}` : null,
    pinned: index % 50 === 0,
    scenarioId,
    scenarioTitle,
    status: 'done',
    outcome: OUTCOMES[index % OUTCOMES.length]!,
    stopReason: 'answer',
    origin: 'live',
    mode: MODES[index % MODES.length]!,
    gating: GATINGS[Math.floor(index / 3) % GATINGS.length]!,
    steps: 4,
    llmCalls: 4,
    reflections: 0,
    tokens: 1000,
    latencyMs: 10,
    answer: index % 7 === 0 ? `The parcel is at the Depot ${index}` : 'Escalated to a person',
    startedAt: 10_000 - index,
    endedAt: null,
    bytes: 100,
  };
}

const runs = Array.from({ length: 10_000 }, (_, index) => summary(index));
const ids = (list: readonly RunSummary[]) => list.map((run) => run.id);
const where = (keep: (index: number) => boolean) =>
  runs.filter((_, index) => keep(index)).map((run) => run.id);
const query = (patch: Partial<LibraryQuery>): LibraryQuery => ({ ...EVERY_RUN, ...patch });

describe('searching and filtering 10,000 kept runs', () => {
  it('keeps every run, in order, when nothing is asked', () => {
    expect(filterRuns(runs, EVERY_RUN)).toBe(runs);
  });

  it('filters by outcome and by scenario, together', () => {
    expect(ids(filterRuns(runs, query({ outcome: 'wrong' })))).toEqual(where((i) => i % 5 === 1));
    expect(ids(filterRuns(runs, query({ scenarioId: 'rca-search-stall' })))).toEqual(
      where((i) => i % 4 === 1),
    );
    expect(
      ids(filterRuns(runs, query({ outcome: 'interrupted', scenarioId: 'returns-laptop' }))),
    ).toEqual(where((i) => i % 5 === 4 && i % 4 === 3));
  });

  it('finds words in the answer, the name, the scenario, the mode and the gating, any case', () => {
    expect(ids(filterRuns(runs, query({ text: 'depot' })))).toEqual(where((i) => i % 7 === 0));
    expect(ids(filterRuns(runs, query({ text: 'BY HAND' })))).toEqual(where((i) => i % 100 === 0));
    expect(ids(filterRuns(runs, query({ text: 'late parcel' })))).toEqual(
      where((i) => i % 4 === 0),
    );
    expect(ids(filterRuns(runs, query({ text: 'search-stall' })))).toEqual(
      where((i) => i % 4 === 1),
    );
    expect(ids(filterRuns(runs, query({ text: 'reflact fixed' })))).toEqual(
      where((i) => i % 3 === 2 && Math.floor(i / 3) % 3 === 1),
    );
    expect(ids(filterRuns(runs, query({ text: '  depot   wrong-word ' })))).toEqual([]);
  });

  it('combines the search with the filters', () => {
    expect(
      ids(
        filterRuns(runs, query({ text: 'depot', outcome: 'correct', scenarioId: 'shopops-happy' })),
      ),
    ).toEqual(where((i) => i % 7 === 0 && i % 5 === 0 && i % 4 === 0));
  });

  it('gives the same list again until the runs or the query change', () => {
    const state = { runs, query: query({ text: 'depot' }) };
    const first = visibleRuns(state);
    expect(visibleRuns({ ...state })).toBe(first);
    expect(visibleRuns({ ...state, query: query({ text: 'depot' }) })).not.toBe(first);
    expect(visibleRuns({ ...state, query: query({ text: 'depot' }) })).toEqual(first);
  });
});
