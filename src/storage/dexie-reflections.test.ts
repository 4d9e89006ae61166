import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { StoredReflection } from '../engine';
import { createReflectionsStore, LibraryStorageError } from '../state';
import { openRunLibrary } from './dexie-library';
import { openReflections } from './dexie-reflections';
import { declareVersion2, SCHEMA_VERSION } from './library-schema';

const lesson = (scenario: string, attempt: number): StoredReflection => ({
  scenario,
  attempt,
  content: `Lesson ${attempt} of ${scenario}: read the policy first.`,
  reward: 0,
  steps: 2,
  framing: 'failure',
  timestamp: '2026-12-02T06:00:00.000Z',
});

describe('the reflection memory in IndexedDB', () => {
  it('keeps reflections in order across a reopen (a reload), deletes one and clears', async () => {
    const indexedDB = new IDBFactory();
    const first = await openReflections({ indexedDB, IDBKeyRange });
    const kept = await first.add([lesson('a', 1), lesson('b', 1)]);
    expect(kept.map((row) => row.id)).toEqual([1, 2]);
    await first.add([lesson('a', 2)]);

    const reopened = await openReflections({ indexedDB, IDBKeyRange });
    expect((await reopened.list()).map((row) => `${row.scenario}/${row.attempt}`)).toEqual([
      'a/1',
      'b/1',
      'a/2',
    ]);
    expect((await reopened.list())[0]).toEqual({ ...lesson('a', 1), id: 1 });
    await reopened.remove([2]);
    expect((await reopened.list()).map((row) => row.id)).toEqual([1, 3]);
    await reopened.clear();
    expect(await reopened.list()).toEqual([]);
  });

  it('a database of schema version 2 upgrades: runs as they were, an empty memory', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('loopscope-library', { indexedDB, IDBKeyRange });
    declareVersion2(old);
    await old.open();
    await old
      .table('settings')
      .put({ key: 'workspace', value: { view: 'library' }, schemaVersion: 2 });
    old.close();

    // The memory's table came with version 3.
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(3);
    const memory = await openReflections({ indexedDB, IDBKeyRange });
    expect(await memory.list()).toEqual([]);
    await memory.add([lesson('a', 1)]);
    const library = await openRunLibrary({ indexedDB, IDBKeyRange });
    expect(await library.getSetting('workspace')).toEqual({ view: 'library' });
    expect(await library.list()).toEqual([]);
    expect((await memory.list()).map((row) => row.scenario)).toEqual(['a']);
  });
});

describe('the reflections store', () => {
  it('with IndexedDB refused, keeps reflections in memory and shows the library’s notice', async () => {
    const store = createReflectionsStore({
      open: () => openReflections({ indexedDB: undefined, IDBKeyRange }),
      now: () => Date.UTC(2026, 11, 2, 6),
    });
    await store.getState().actions.load();
    expect(store.getState()).toMatchObject({ kind: 'memory', problem: { code: 'refused' } });
    expect(store.getState().problem?.message).toMatch(/private window/);
    await store.getState().actions.keep([lesson('a', 1)]);
    expect(store.getState().reflections).toEqual([
      { ...lesson('a', 1), timestamp: '2026-12-02T06:00:00.000Z', id: 1 },
    ]);
  });

  it('when a write fails (the disk is full), moves to memory with what it kept and goes on', async () => {
    const indexedDB = new IDBFactory();
    let full = false;
    const store = createReflectionsStore({
      open: async () => {
        const port = await openReflections({ indexedDB, IDBKeyRange });
        return {
          ...port,
          add: (rows) =>
            full
              ? Promise.reject(
                  new LibraryStorageError('full', 'The browser has no room left to keep runs.'),
                )
              : port.add(rows),
        };
      },
      now: () => 0,
    });
    await store.getState().actions.keep([lesson('a', 1)]);
    full = true;
    await store.getState().actions.keep([lesson('b', 1)]);
    const state = store.getState();
    expect(state).toMatchObject({ kind: 'memory', problem: { code: 'full' } });
    expect(state.reflections.map((row) => row.scenario)).toEqual(['a', 'b']);
  });

  it('imports JSONL: keeps the good lines, reports each bad one; exports what it keeps', async () => {
    const store = createReflectionsStore({
      open: () => openReflections({ indexedDB: new IDBFactory(), IDBKeyRange }),
      now: () => 0,
    });
    const { actions } = store.getState();
    await actions.keep([lesson('a', 1)]);
    const exported = actions.exportJsonl();
    await actions.clear();
    const result = await actions.importJsonl(`${exported}oops\n`);
    expect(result).toEqual({ added: 1, problems: ['line 2: not JSON'] });
    expect(store.getState().reflections.map((row) => row.content)).toEqual([
      lesson('a', 1).content,
    ]);
    expect(store.getState().actions.exportJsonl()).toBe(exported);
  });

  it('gives a run what is kept, and keeps what the run appends', async () => {
    const store = createReflectionsStore({
      open: () => openReflections({ indexedDB: new IDBFactory(), IDBKeyRange }),
      now: () => 0,
    });
    await store.getState().actions.keep([lesson('a', 1)]);
    const memory = store.getState().actions.runMemory();
    expect(memory.list().map((entry) => entry.scenario)).toEqual(['a']);
    memory.append({ scenario: 'b', attempt: 1, content: 'new', reward: null, steps: 1 });
    await expect.poll(() => store.getState().reflections.length).toBe(2);
  });
});
