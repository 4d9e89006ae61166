import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  openFileText,
  runScenario,
  scenarioConfig,
  toNativeTraceJson,
  type Scenario,
} from '../engine';
import { builtinScenarios } from '../scenarios';
import {
  LibraryStorageError,
  recordBytes,
  recordOfTrace,
  summaryOf,
  type RunLibraryPort,
  type RunRecord,
} from '../state';
import { openRunLibrary } from './dexie-library';
import { KeptFileError } from './kept-file';
import {
  declareSchema,
  declareVersion1,
  declareVersion2,
  SCHEMA_VERSION,
  VERSION_3_STORES,
  type LibraryDatabase,
} from './library-schema';

const scenarios = builtinScenarios();
const byId = (id: string) => scenarios.find((scenario) => scenario.id === id)!;

async function recordFor(scenario: Scenario, id: string, startedAt: number): Promise<RunRecord> {
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  return recordOfTrace(trace, { id, scenario, origin: { kind: 'live' }, startedAt });
}

/** A browser's IndexedDB of its own (a fresh profile) and the library opened on it. */
function browser() {
  const indexedDB = new IDBFactory();
  return {
    indexedDB,
    open: (name?: string) => openRunLibrary({ indexedDB, IDBKeyRange, ...(name ? { name } : {}) }),
  };
}

async function rejection(promise: Promise<unknown>): Promise<LibraryStorageError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(LibraryStorageError);
  return error as LibraryStorageError;
}

describe('the runs library in IndexedDB', () => {
  it('keeps a run across a reload: the record equal, its summary in the list, newest first', async () => {
    const profile = browser();
    const library = await profile.open();
    expect(library.kind).toBe('indexeddb');
    const older = await recordFor(byId('shopops-happy'), 'older', 1_000);
    const newer = await recordFor(byId('dg-agentur-contact'), 'newer', 2_000);
    await library.put(older, { name: 'First try' });
    await library.put(newer);

    const reloaded = await profile.open();
    expect(await reloaded.get('older')).toEqual(older);
    expect(await reloaded.get('missing')).toBeNull();
    const list = await reloaded.list();
    expect(list.map((run) => run.id)).toEqual(['newer', 'older']);
    expect(list[1]).toEqual(summaryOf(older, { name: 'First try' }, recordBytes(older)));
    expect(list.map((run) => run.outcome)).toEqual(['wrong', 'correct']);
  });

  it('keeps a name and a pin through later saves of the same run, and forgets removed runs', async () => {
    const library = await browser().open();
    const run = await recordFor(byId('shopops-happy'), 'a', 1);
    await library.put({ ...run, status: 'running' });
    await library.label('a', { name: 'Mine', pinned: true });
    await library.put(run);
    expect(await library.list()).toMatchObject([{ id: 'a', name: 'Mine', pinned: true }]);
    await library.label('a', { pinned: false });
    expect(await library.list()).toMatchObject([{ name: 'Mine', pinned: false }]);
    await library.remove(['a']);
    expect(await library.list()).toEqual([]);
    expect(await library.get('a')).toBeNull();
  });

  it('writes many runs at once, each with its own label', async () => {
    const library = await browser().open();
    const run = await recordFor(byId('shopops-happy'), 'x', 0);
    const entries = Array.from({ length: 50 }, (_, index) => ({
      record: { ...run, id: `run-${index}`, startedAt: index },
      label: { pinned: index % 2 === 0 },
    }));
    const summaries = await library.putAll(entries);
    expect(summaries.map((summary) => summary.id)).toEqual(entries.map((e) => e.record.id));
    const list = await library.list();
    expect(list).toHaveLength(50);
    expect(list[0]).toMatchObject({ id: 'run-49', pinned: false });
    expect(list[49]).toMatchObject({ id: 'run-0', pinned: true });
  });

  it('lists 10,000 kept runs newest first, from their summaries alone', async () => {
    const library = await browser().open();
    const run = await recordFor(byId('shopops-happy'), 'x', 0);
    const failed: RunRecord = { ...run, trace: null, status: 'failed', error: null };
    const entries = Array.from({ length: 10_000 }, (_, index) => ({
      record: { ...failed, id: `run-${index}`, startedAt: index },
    }));
    await library.putAll(entries);
    const list = await library.list();
    expect(list).toHaveLength(10_000);
    expect(list[0]).toMatchObject({ id: 'run-9999', outcome: 'failed', steps: 0 });
    expect(list.at(-1)?.id).toBe('run-0');
    expect(list.every((summary, index) => summary.startedAt === 9_999 - index)).toBe(true);
  });

  it('keeps a 1,000-step run whole', async () => {
    const library = await browser().open();
    const run = await recordFor(byId('rca-search-stall'), 'long', 0);
    const steps = Array.from({ length: 1000 }, (_, index) => ({
      ...run.trace!.steps[index % run.trace!.steps.length]!,
      index,
    }));
    const long = { ...run, trace: { ...run.trace!, steps } };
    expect((await library.put(long)).steps).toBe(1000);
    expect((await library.get('long'))?.trace?.steps).toEqual(steps);
  });

  it('marks runs a closed tab left running as interrupted, with their steps so far', async () => {
    const profile = browser();
    const library = await profile.open();
    const run = await recordFor(byId('rca-search-stall'), 'cut', 0);
    const cut = { ...run, status: 'running' as const, endedAt: null };
    await library.put(cut, { name: 'Cut' });
    await library.put(await recordFor(byId('shopops-happy'), 'whole', 1));

    const reloaded = await profile.open();
    expect(await reloaded.interruptRunning()).toBe(1);
    expect(await reloaded.interruptRunning()).toBe(0);
    expect(await reloaded.get('cut')).toEqual({ ...cut, status: 'interrupted' });
    const list = await reloaded.list();
    expect(list.find((summary) => summary.id === 'cut')).toMatchObject({
      status: 'interrupted',
      outcome: 'interrupted',
      name: 'Cut',
      steps: run.trace!.steps.length,
    });
    expect(list.find((summary) => summary.id === 'whole')?.status).toBe('done');
  });

  it('keeps the user’s scenarios and settings', async () => {
    const profile = browser();
    const library = await profile.open();
    await library.putScenario({ id: 'mine', source: '{"id":"mine"}', savedAt: 5 });
    await library.setSetting('workspace', { view: 'inspect', step: 3 });
    const reloaded = await profile.open();
    expect(await reloaded.scenarios()).toEqual([
      { id: 'mine', source: '{"id":"mine"}', savedAt: 5 },
    ]);
    expect(await reloaded.getSetting('workspace')).toEqual({ view: 'inspect', step: 3 });
    expect(await reloaded.getSetting('nothing')).toBeUndefined();
    await reloaded.removeScenario('mine');
    expect(await reloaded.scenarios()).toEqual([]);
  });

  it('says how much space its runs take (the browser’s estimate when given)', async () => {
    const indexedDB = new IDBFactory();
    const library = await openRunLibrary({ indexedDB, IDBKeyRange });
    const run = await recordFor(byId('shopops-happy'), 'a', 0);
    await library.put(run);
    expect(await library.usage()).toEqual({ usedBytes: recordBytes(run), quotaBytes: null });
    const estimated = await openRunLibrary({
      indexedDB,
      IDBKeyRange,
      estimate: async () => ({ usage: 1234, quota: 99_999 }),
    });
    expect(await estimated.usage()).toEqual({ usedBytes: 1234, quotaBytes: 99_999 });
  });
});

/** The rows the library's database holds, read past the port (what IndexedDB keeps). */
async function storedRows(indexedDB: IDBFactory) {
  const db = declareSchema(new Dexie('loopscope-library', { indexedDB, IDBKeyRange }));
  const rows = await db.records.toArray();
  db.close();
  return rows;
}

/** A native trace file's text, and the run the page makes of it. */
async function traceFile(scenario: Scenario, id: string) {
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  const text = JSON.stringify(toNativeTraceJson(trace, scenario));
  const opened = openFileText(text, `${id}.json`);
  if (opened.kind !== 'trace') throw new Error('not a trace');
  const record = recordOfTrace(opened.trace, {
    id,
    scenario,
    origin: { kind: 'imported', source: `${id}.json` },
    startedAt: 5,
  });
  return { text, record };
}

describe('a run read from a file', () => {
  it('is kept as its shell and the file’s text, and reads back whole after a reload', async () => {
    const profile = browser();
    const library = await profile.open();
    const { text, record } = await traceFile(byId('shopops-happy'), 'from-file');
    const [summary] = await library.putAll([
      { record, file: { name: 'picked.json', text }, bytes: text.length },
    ]);
    expect(summary).toEqual(summaryOf(record, {}, text.length));

    const [row] = await storedRows(profile.indexedDB);
    expect(row?.record.trace).toBeNull();
    expect(row?.file).toEqual({ name: 'picked.json', text });

    const reloaded = await profile.open();
    expect(await reloaded.get('from-file')).toEqual(record);
    expect(await reloaded.list()).toEqual([summary]);
  });

  it('that no longer reads is reported as broken, naming the file; other runs still read', async () => {
    const profile = browser();
    const library = await profile.open();
    const { record } = await traceFile(byId('shopops-happy'), 'unreadable');
    await library.putAll([{ record, file: { name: 'gone.json', text: '{"not": "a trace"' } }]);
    const whole = await recordFor(byId('dg-agentur-contact'), 'whole', 6);
    await library.put(whole);

    const error = await rejection(library.get('unreadable'));
    expect(error.code).toBe('broken');
    expect(error.cause).toBeInstanceOf(KeptFileError);
    expect((error.cause as Error).message).toMatch(
      /^gone\.json, kept with this run, no longer reads/,
    );
    expect(await library.get('whole')).toEqual(whole);
  });
});

describe('a database version 3 wrote (every record whole)', () => {
  it('opens as it was: its runs read back, and runs read from files join them as files', async () => {
    const { indexedDB, open } = browser();
    const older = await recordFor(byId('shopops-happy'), 'older', 1);
    const old = new Dexie('loopscope-library', { indexedDB, IDBKeyRange });
    declareVersion2(old);
    old.version(3).stores(VERSION_3_STORES);
    await old.open();
    const { pinned, ...summary } = summaryOf(older, { name: 'Kept' }, recordBytes(older));
    await old.table('records').put({ id: older.id, schemaVersion: 3, record: older });
    await old.table('summaries').put({ ...summary, pinned: pinned ? 1 : 0, schemaVersion: 3 });
    old.close();

    const library = await open();
    expect(await library.get('older')).toEqual(older);
    const { text, record } = await traceFile(byId('dg-agentur-contact'), 'newer');
    await library.putAll([{ record, file: { name: 'newer.json', text } }]);
    expect(await library.get('newer')).toEqual(record);
    expect((await storedRows(indexedDB)).map((row) => [row.id, row.file?.name ?? null])).toEqual([
      ['newer', 'newer.json'],
      ['older', null],
    ]);
  });
});

describe('a database an older Loopscope wrote (schema version 1)', () => {
  it('opens migrated: every run reads back, with the outcome version 2 indexes', async () => {
    const { indexedDB, open } = browser();
    const happy = await recordFor(byId('shopops-happy'), 'happy', 1);
    const wrong = await recordFor(byId('dg-agentur-contact'), 'wrong', 2);
    const old = new Dexie('loopscope-library', { indexedDB, IDBKeyRange });
    declareVersion1(old);
    await old.open();
    for (const record of [happy, wrong]) {
      const {
        outcome: _outcome,
        pinned,
        ...summary
      } = summaryOf(
        record,
        { name: record.id === 'happy' ? 'Kept' : null, pinned: record.id === 'happy' },
        recordBytes(record),
      );
      await old.table('records').put({ id: record.id, schemaVersion: 1, record });
      await old.table('summaries').put({ ...summary, pinned: pinned ? 1 : 0, schemaVersion: 1 });
    }
    old.close();

    const library = await open();
    expect(await library.list()).toEqual([
      summaryOf(wrong, {}, recordBytes(wrong)),
      summaryOf(happy, { name: 'Kept', pinned: true }, recordBytes(happy)),
    ]);
    expect(await library.get('happy')).toEqual(happy);

    const current = declareSchema(new Dexie('loopscope-library', { indexedDB, IDBKeyRange }));
    const byOutcome = await (current as LibraryDatabase).summaries
      .where('outcome')
      .equals('correct')
      .toArray();
    expect(byOutcome.map((row) => [row.id, row.schemaVersion])).toEqual([['happy', 2]]);
    expect(await (current as LibraryDatabase).reflections.count()).toBe(0);
    current.close();
  });
});

describe('when storage cannot keep runs', () => {
  it('is refused when there is no IndexedDB', async () => {
    const error = await rejection(openRunLibrary({ indexedDB: undefined, IDBKeyRange }));
    expect(error.code).toBe('refused');
    expect(error.message).toMatch(/private window/);
  });

  it('is refused when IndexedDB throws on open (a private window, a browser setting)', async () => {
    const refusing = {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    } as unknown as IDBFactory;
    const error = await rejection(openRunLibrary({ indexedDB: refusing, IDBKeyRange }));
    expect(error.code).toBe('refused');
    expect((error.cause as DOMException).name).toBe('SecurityError');
  });

  it('leaves a database of a later version alone, and says so', async () => {
    const { indexedDB, open } = browser();
    const later = new Dexie('loopscope-library', { indexedDB, IDBKeyRange });
    later.version(SCHEMA_VERSION + 1).stores({ runs: 'id, when', settings: 'key' });
    await later.open();
    await later.table('runs').put({ id: 'from-the-future', when: 1 });
    later.close();

    const error = await rejection(open());
    expect(error.code).toBe('newer');
    expect(error.message).toMatch(/newer version of Loopscope/);

    const untouched = new Dexie('loopscope-library', { indexedDB, IDBKeyRange });
    await untouched.open();
    expect(untouched.verno).toBe(SCHEMA_VERSION + 1);
    expect(untouched.tables.map((table) => table.name).sort()).toEqual(['runs', 'settings']);
    expect(await untouched.table('runs').toArray()).toEqual([{ id: 'from-the-future', when: 1 }]);
    untouched.close();
  });

  it('steps aside when another tab upgrades the database, and stops saving', async () => {
    const { indexedDB, open } = browser();
    const library: RunLibraryPort = await open();
    const problems: string[] = [];
    library.onProblem?.((problem) => problems.push(problem.code));
    const upgraded = await new Promise<number>((resolve, reject) => {
      const request = indexedDB.open('loopscope-library', (SCHEMA_VERSION + 1) * 10);
      request.onsuccess = () => {
        resolve(request.result.version);
        request.result.close();
      };
      request.onerror = () => reject(request.error);
    });
    expect(upgraded).toBe((SCHEMA_VERSION + 1) * 10);
    expect(problems).toEqual(['blocked']);
    const run = await recordFor(byId('shopops-happy'), 'a', 0);
    const error = await rejection(library.put(run));
    expect(error.code).toBe('blocked');
    expect(error.message).toMatch(/Reload this tab/);
  });
});
