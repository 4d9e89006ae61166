import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Scenario } from '../engine';
import { builtinScenarios } from '../scenarios';
import { openRunLibrary, SCHEMA_VERSION } from '../storage';
import { libraryError } from './library-problems';
import { WRITERS_HELD, createLibraryStore } from './library-store';
import type { RecordWriter, RunLibraryPort } from './library-types';
import { createMemoryLibrary } from './memory-library';
import { recordOfTrace, type RunRecord } from './run-record';

const scenarios = builtinScenarios();
const byId = (id: string) => scenarios.find((scenario) => scenario.id === id)!;

async function recordFor(scenario: Scenario, id: string, startedAt: number): Promise<RunRecord> {
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  return recordOfTrace(trace, { id, scenario, origin: { kind: 'live' }, startedAt });
}

const storeOver = (port: RunLibraryPort) =>
  createLibraryStore({ open: async () => port, now: () => 50_000 });

describe('the library store', () => {
  it('lists kept runs newest first once loaded, marking runs a closed tab left running', async () => {
    const port = createMemoryLibrary();
    const happy = await recordFor(byId('shopops-happy'), 'happy', 1_000);
    await port.put(happy);
    await port.put({
      ...(await recordFor(byId('rca-search-stall'), 'cut', 2_000)),
      status: 'running',
    });
    const library = storeOver(port);
    expect(library.getState().status).toBe('loading');
    await library.getState().actions.load();
    const state = library.getState();
    expect(state.status).toBe('ready');
    expect(state.kind).toBe('memory');
    expect(state.problem).toBeNull();
    expect(state.runs.map((run) => [run.id, run.outcome])).toEqual([
      ['cut', 'interrupted'],
      ['happy', 'correct'],
    ]);
    expect((await state.actions.get('cut'))?.status).toBe('interrupted');
    // The page says so once: how many runs this load found cut short.
    expect(state.interrupted).toBe(1);
    const again = storeOver(port);
    await again.getState().actions.load();
    expect(again.getState().interrupted).toBe(0);
  });

  it('forgets runs with no undo, and keeps settings, on IndexedDB as in memory', async () => {
    const ports: RunLibraryPort[] = [
      createMemoryLibrary(),
      await openRunLibrary({ indexedDB: new IDBFactory(), IDBKeyRange }),
    ];
    for (const port of ports) {
      const library = storeOver(port);
      const { actions } = library.getState();
      await actions.save(await recordFor(byId('shopops-happy'), 'a', 1_000));
      await actions.save(await recordFor(byId('shopops-happy'), 'b', 2_000));
      await actions.forget(['a']);
      expect(library.getState().runs.map((run) => run.id)).toEqual(['b']);
      expect(library.getState().removed).toBeNull();
      expect(await actions.get('a')).toBeNull();
      expect(await actions.readSetting('eval-matrix')).toBeUndefined();
      await actions.writeSetting('eval-matrix', { version: 1, rows: [] });
      expect(await actions.readSetting('eval-matrix')).toEqual({ version: 1, rows: [] });
      expect(await port.getSetting('eval-matrix')).toEqual({ version: 1, rows: [] });
    }
  });

  it('saves a run (waiting for the load), then newer states of it in its place', async () => {
    const library = storeOver(createMemoryLibrary());
    const { actions } = library.getState();
    const older = await recordFor(byId('shopops-happy'), 'older', 1_000);
    const newer = await recordFor(byId('dg-agentur-contact'), 'newer', 2_000);
    await actions.save({ ...older, status: 'running', trace: null });
    await actions.save(newer);
    await actions.save(older);
    expect(library.getState().runs.map((run) => [run.id, run.status])).toEqual([
      ['newer', 'done'],
      ['older', 'done'],
    ]);
    expect(await actions.saveNew(older)).toBe(false);
    expect(await actions.get('older')).toEqual(older);
    expect(library.getState().unsaved).toEqual([]);
  });

  it('renames and pins a run, and keeps that through later saves', async () => {
    const port = createMemoryLibrary();
    const library = storeOver(port);
    const { actions } = library.getState();
    const run = await recordFor(byId('shopops-happy'), 'a', 1);
    await actions.save(run);
    await actions.rename('a', 'My run');
    await actions.pin('a', true);
    await actions.save(run);
    expect(library.getState().runs).toMatchObject([{ id: 'a', name: 'My run', pinned: true }]);
    expect(await port.list()).toMatchObject([{ id: 'a', name: 'My run', pinned: true }]);
  });

  it('deletes runs and brings the last deletion back, named and pinned as they were', async () => {
    const port = createMemoryLibrary();
    const library = storeOver(port);
    const { actions } = library.getState();
    const a = await recordFor(byId('shopops-happy'), 'a', 1);
    const b = await recordFor(byId('dg-agentur-contact'), 'b', 2);
    await actions.save(a, { name: 'Kept', pinned: true });
    await actions.save(b);
    await actions.remove(['a']);
    expect(library.getState().runs.map((run) => run.id)).toEqual(['b']);
    expect(library.getState().removed).toMatchObject({ summaries: [{ id: 'a' }], at: 50_000 });
    expect(await port.get('a')).toBeNull();
    await actions.undoRemove();
    expect(library.getState().removed).toBeNull();
    expect(library.getState().runs).toMatchObject([
      { id: 'b' },
      { id: 'a', name: 'Kept', pinned: true },
    ]);
    expect(await port.get('a')).toEqual(a);
  });

  it('clears old runs but the pinned and the running ones', async () => {
    const library = storeOver(createMemoryLibrary());
    const { actions } = library.getState();
    const run = await recordFor(byId('shopops-happy'), 'x', 0);
    await actions.save({ ...run, id: 'old', startedAt: 10 });
    await actions.save({ ...run, id: 'old-pinned', startedAt: 20 }, { pinned: true });
    await actions.save({ ...run, id: 'old-running', startedAt: 30, status: 'running' });
    await actions.save({ ...run, id: 'recent', startedAt: 40_000 });
    expect(await actions.clearOld({ before: 1_000, keepPinned: true })).toBe(1);
    expect(library.getState().runs.map((summary) => summary.id)).toEqual([
      'recent',
      'old-running',
      'old-pinned',
    ]);
    expect(await actions.clearOld({ keepPinned: true })).toBe(1);
    expect(library.getState().runs.map((summary) => summary.id)).toEqual([
      'old-running',
      'old-pinned',
    ]);
  });

  it('keeps the user’s scenarios and says how much space runs use', async () => {
    const library = storeOver(createMemoryLibrary());
    const { actions } = library.getState();
    await actions.putScenario({ id: 'mine', source: '{}', savedAt: 1 });
    await actions.putScenario({ id: 'mine', source: '{"v":2}', savedAt: 2 });
    expect(library.getState().scenarios).toEqual([{ id: 'mine', source: '{"v":2}', savedAt: 2 }]);
    await actions.removeScenario('mine');
    expect(library.getState().scenarios).toEqual([]);
    const summary = await actions.save(await recordFor(byId('shopops-happy'), 'a', 1));
    await actions.refreshUsage();
    expect(library.getState().usage).toEqual({ usedBytes: summary.bytes, quotaBytes: null });
  });

  it('filters what it lists by the query it holds', () => {
    const library = storeOver(createMemoryLibrary());
    library.getState().actions.setQuery({ text: 'stall' });
    library.getState().actions.setQuery({ outcome: 'wrong' });
    expect(library.getState().query).toEqual({ text: 'stall', outcome: 'wrong', scenarioId: null });
  });
});

describe('the library store when storage fails', () => {
  it('says storage was refused, once, and keeps runs in memory, listed as unsaved', async () => {
    const library = createLibraryStore({
      open: () => Promise.reject(libraryError('refused')),
      now: () => 0,
    });
    const { actions } = library.getState();
    await actions.load();
    expect(library.getState()).toMatchObject({
      status: 'ready',
      kind: 'memory',
      problem: { code: 'refused' },
    });
    const run = await recordFor(byId('shopops-happy'), 'a', 1);
    await actions.save(run);
    await actions.save(run);
    expect(library.getState().runs.map((summary) => summary.id)).toEqual(['a']);
    expect(library.getState().unsaved).toEqual(['a']);
    expect(await actions.get('a')).toEqual(run);
  });

  it('loses nothing on screen when storage fills up mid-session, and keeps what it was saving', async () => {
    const storage = createMemoryLibrary();
    const kept = await recordFor(byId('dg-agentur-contact'), 'kept', 1);
    await storage.put(kept);
    let full = false;
    const filling: RunLibraryPort = {
      ...storage,
      kind: 'indexeddb',
      put: (record, label) =>
        full ? Promise.reject(libraryError('full')) : storage.put(record, label),
    };
    const library = storeOver(filling);
    const { actions } = library.getState();
    await actions.load();
    expect(library.getState().kind).toBe('indexeddb');
    full = true;
    const fresh = await recordFor(byId('shopops-happy'), 'fresh', 2);
    await actions.save(fresh);
    const state = library.getState();
    expect(state.problem?.code).toBe('full');
    expect(state.problem?.message).toMatch(/no room left/);
    expect(state.kind).toBe('memory');
    expect(state.runs.map((summary) => summary.id)).toEqual(['fresh', 'kept']);
    expect(state.unsaved).toEqual(['fresh']);
    expect(await actions.get('fresh')).toEqual(fresh);
    // A run listed before the problem still opens: it is read from the storage that filled up.
    expect(await actions.get('kept')).toEqual(kept);
    await actions.save({ ...fresh, id: 'next', startedAt: 3 });
    expect(library.getState().problem?.code).toBe('full');
    expect(library.getState().unsaved).toEqual(['fresh', 'next']);
  });

  it('shows at once that another tab upgraded the database, and goes on in memory', async () => {
    const indexedDB = new IDBFactory();
    const library = createLibraryStore({
      open: () => openRunLibrary({ indexedDB, IDBKeyRange }),
      now: () => 0,
    });
    const { actions } = library.getState();
    await actions.save(await recordFor(byId('shopops-happy'), 'before', 1));
    expect(library.getState().kind).toBe('indexeddb');
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open('loopscope-library', (SCHEMA_VERSION + 1) * 10);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(library.getState()).toMatchObject({ kind: 'memory', problem: { code: 'blocked' } });
    await actions.save(await recordFor(byId('dg-agentur-contact'), 'after', 2));
    expect(library.getState().runs.map((summary) => summary.id)).toEqual(['after', 'before']);
    expect(library.getState().unsaved).toEqual(['after']);
  });
});

describe('a run handed over to the writer that holds it (the open worker)', () => {
  /** A writer that writes into `port` itself (as the worker writes the database), and says so. */
  function writerInto(port: RunLibraryPort, fails = false) {
    const calls = { writes: 0, releases: 0 };
    const writer: RecordWriter = {
      write: async (record, label) => {
        calls.writes += 1;
        if (fails) throw new Error('the worker could not open the database');
        return port.put(record, label);
      },
      release: () => {
        calls.releases += 1;
      },
    };
    return { writer, calls };
  }

  /** IndexedDB whose page-side writes are counted (the worker's go around them). */
  async function countedIndexedDB() {
    const port = await openRunLibrary({ indexedDB: new IDBFactory(), IDBKeyRange });
    let pagePuts = 0;
    const page: RunLibraryPort = {
      ...port,
      put: (record, label) => {
        pagePuts += 1;
        return port.put(record, label);
      },
    };
    return { port, page, pagePuts: () => pagePuts };
  }

  it('is written by the writer, not by the page, and listed with the writer’s summary', async () => {
    const { port, page, pagePuts } = await countedIndexedDB();
    const library = storeOver(page);
    const { writer, calls } = writerInto(port);
    const record = await recordFor(byId('shopops-happy'), 'opened', 1_000);
    library.getState().actions.handOver('opened', writer);
    expect(await library.getState().actions.saveNew(record)).toBe(true);
    expect(calls.writes).toBe(1);
    expect(pagePuts()).toBe(0);
    expect(library.getState().runs.map((run) => [run.id, run.outcome])).toEqual([
      ['opened', 'correct'],
    ]);
    expect(await library.getState().actions.get('opened')).toEqual(record);
    // Only its own run's save: the next run is the page's to write.
    await library.getState().actions.save(await recordFor(byId('shopops-happy'), 'next', 2_000));
    expect([calls.writes, pagePuts()]).toEqual([1, 1]);
  });

  it('is written by the page when the writer fails: nothing is lost', async () => {
    const { port, page, pagePuts } = await countedIndexedDB();
    const library = storeOver(page);
    const { writer, calls } = writerInto(port, true);
    const record = await recordFor(byId('shopops-happy'), 'opened', 1_000);
    library.getState().actions.handOver('opened', writer);
    await library.getState().actions.saveNew(record);
    expect([calls.writes, pagePuts()]).toEqual([1, 1]);
    expect(library.getState().problem).toBeNull();
    expect(await library.getState().actions.get('opened')).toEqual(record);
  });

  it('is the page’s to write, the writer released, once the library is in memory', async () => {
    const memory = createMemoryLibrary();
    const library = storeOver(memory);
    const { writer, calls } = writerInto(memory);
    library.getState().actions.handOver('opened', writer);
    await library.getState().actions.saveNew(await recordFor(byId('shopops-happy'), 'opened', 1));
    expect(calls).toEqual({ writes: 0, releases: 1 });
    expect(library.getState().runs.map((run) => run.id)).toEqual(['opened']);
  });

  it('releases a writer whose run the library already has, and all but the newest held', async () => {
    const { port, page } = await countedIndexedDB();
    const library = storeOver(page);
    const { actions } = library.getState();
    const record = await recordFor(byId('shopops-happy'), 'kept', 1_000);
    await actions.save(record);
    const again = writerInto(port);
    actions.handOver('kept', again.writer);
    expect(await actions.saveNew(record)).toBe(false);
    expect(again.calls).toEqual({ writes: 0, releases: 1 });

    const held = Array.from({ length: WRITERS_HELD + 2 }, () => writerInto(port));
    held.forEach(({ writer }, index) => actions.handOver(`run-${index}`, writer));
    expect(held.map(({ calls }) => calls.releases)).toEqual([
      ...Array<number>(2).fill(1),
      ...Array<number>(WRITERS_HELD).fill(0),
    ]);
  });
});

describe('waiting for a run to be kept (an opened file’s notice)', () => {
  it('resolves "stored" once the run’s own save has written it, not before', async () => {
    const port = await openRunLibrary({ indexedDB: new IDBFactory(), IDBKeyRange });
    const library = storeOver(port);
    const { actions } = library.getState();
    const record = await recordFor(byId('shopops-happy'), 'opened', 1_000);
    let settled: string | null = null;
    const kept = actions.whenKept('opened').then((where) => (settled = where));
    // Another run's save settles nothing for this one.
    await actions.save(await recordFor(byId('shopops-happy'), 'other', 2_000));
    await Promise.resolve();
    expect(settled).toBeNull();
    await actions.saveNew(record);
    expect(await kept).toBe('stored');
    expect(await port.get('opened')).toEqual(record);
  });

  it('resolves "stored" for a run the library already had (the same file opened again)', async () => {
    const library = storeOver(await openRunLibrary({ indexedDB: new IDBFactory(), IDBKeyRange }));
    const { actions } = library.getState();
    const record = await recordFor(byId('shopops-happy'), 'again', 1_000);
    await actions.save(record);
    const kept = actions.whenKept('again');
    expect(await actions.saveNew(record)).toBe(false);
    expect(await kept).toBe('stored');
  });

  it('resolves "memory" for a run opened again in a library that never had storage', async () => {
    const library = storeOver(createMemoryLibrary());
    const { actions } = library.getState();
    const record = await recordFor(byId('shopops-happy'), 'again', 1_000);
    await actions.save(record);
    const kept = actions.whenKept('again');
    expect(await actions.saveNew(record)).toBe(false);
    expect(await kept).toBe('memory');
  });

  it('resolves "memory" when storage was refused, or fills up under the save itself', async () => {
    const refused = createLibraryStore({
      open: () => Promise.reject(libraryError('refused')),
      now: () => 0,
    });
    const first = refused.getState().actions.whenKept('a');
    await refused.getState().actions.saveNew(await recordFor(byId('shopops-happy'), 'a', 1));
    expect(await first).toBe('memory');

    const storage = createMemoryLibrary();
    const filling = storeOver({
      ...storage,
      kind: 'indexeddb',
      put: () => Promise.reject(libraryError('full')),
    });
    const second = filling.getState().actions.whenKept('b');
    await filling.getState().actions.saveNew(await recordFor(byId('shopops-happy'), 'b', 2));
    expect(await second).toBe('memory');
    expect(filling.getState().unsaved).toEqual(['b']);
  });

  it('rejects with the save’s own error when the save fails outright', async () => {
    const storage = createMemoryLibrary();
    const broken = storeOver({
      ...storage,
      put: () => Promise.reject(new Error('not a storage problem')),
    });
    const kept = broken.getState().actions.whenKept('c');
    kept.catch(() => undefined);
    await expect(
      broken.getState().actions.save(await recordFor(byId('shopops-happy'), 'c', 3)),
    ).rejects.toThrow('not a storage problem');
    await expect(kept).rejects.toThrow('not a storage problem');
  });
});
