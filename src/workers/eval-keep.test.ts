import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import type { RunRecord } from '../state';
import { openRunLibrary } from '../storage';
import { collectEnd, type EvalWorkerResponse } from './eval-protocol';
import { createEvalLoop, TRACE_BATCH } from './eval-runner';
import type { KeepRuns } from './eval-keep';

const SCENARIOS = builtinScenarios();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const STAMP = 1_700_000_000_000;
const request = {
  scenarioIds: ['shopops-happy', 'rca-search-stall'],
  configLabels: ['react+off', 'reflact+adaptive'],
  seeds: 15, // 60 runs: two batches
  keepTraces: true,
  keepAs: STAMP,
  keepIn: 'loopscope-library',
};

function matrix(keepRuns: KeepRuns) {
  const posted: EvalWorkerResponse[] = [];
  const handle = createEvalLoop((message) => posted.push(message), {
    scenarios: SCENARIOS,
    pause: turn,
    keepRuns,
  });
  handle({ type: 'run', runId: 1, request });
  const gathered = () => {
    const gather = collectEnd();
    for (const message of posted) {
      const end = gather(message);
      if (end) return end;
    }
    throw new Error('no end');
  };
  return { posted, gathered };
}

const handled = (posted: readonly EvalWorkerResponse[]) =>
  posted.filter((m) => m.type === 'kept' || m.type === 'traces').length;

describe('the eval worker keeping the runs itself', () => {
  it("writes each traced row's run to the library and posts the page only their summaries", async () => {
    const indexedDB = new IDBFactory();
    const open = (name: string) => openRunLibrary({ indexedDB, IDBKeyRange, name });
    const { posted, gathered } = matrix(async (name, records) =>
      (await open(name)).putAll(records.map((record) => ({ record }))),
    );
    await expect
      .poll(() => handled(posted), { timeout: 30_000 }) // a ceiling for a busy machine
      .toBe(Math.ceil(60 / TRACE_BATCH));
    expect(posted.some((message) => message.type === 'traces')).toBe(false);
    const { rows } = gathered();
    const ids = rows.map((row) => row.run);
    const summaries = posted.flatMap((m) => (m.type === 'kept' ? m.summaries : []));
    expect(summaries.map((summary) => summary.id)).toEqual(ids);
    expect(summaries.every((summary) => summary.origin === 'eval')).toBe(true);
    // The page's library, on the same database, lists and opens them as it would its own.
    const library = await open('loopscope-library');
    expect((await library.list()).map((summary) => summary.id).sort()).toEqual([...ids].sort());
    const first = await library.get(ids[0]!);
    expect(first?.trace?.scenario).toBe(rows[0]!.scenario);
    expect(first?.trace?.metrics).toEqual(rows[0]!.metrics);
    expect(first?.origin).toEqual({ kind: 'eval' });
  });

  it('a write that fails hands this batch and the rest to the page, with why', async () => {
    const tried: RunRecord[][] = [];
    const { posted, gathered } = matrix((_name, records) => {
      tried.push([...records]);
      return Promise.reject(new Error('QuotaExceededError: the disk is full'));
    });
    await expect.poll(() => handled(posted), { timeout: 30_000 }).toBe(2);
    const batches = posted.filter((m) => m.type === 'traces');
    expect(tried).toHaveLength(1); // it does not try again
    expect(batches.map((batch) => [batch.from, batch.problem])).toEqual([
      [0, 'QuotaExceededError: the disk is full'],
      [TRACE_BATCH, undefined],
    ]);
    const traces = batches.flatMap((batch) => batch.traces);
    expect(traces.map((trace) => trace?.scenario)).toEqual(gathered().rows.map((r) => r.scenario));
  });
});
