import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FileError,
  openFileText,
  runScenario,
  scenarioConfig,
  toNativeTraceJson,
  type OpenedFile,
} from '../engine';
import { builtinScenario } from '../scenarios';
import type { KeptWhere, LibraryStore } from '../state/library-store';
import type { RecordWriter } from '../state/library-types';
import { createFileOpening, underWay, type Notice } from './file-opening';
import type { EngineOpener, OpenProgress } from './open-worker-client';
import { OpenCancelled } from './open-worker-client';
import type { ViewStores } from './view-stores';

const LIBRARY = '{"format": "loopscope.library", "version": 1, "runs": [], "scenarios": []}';

/** An opener the test drives: each opening waits until the test settles it. */
function drivenOpener() {
  const jobs: {
    name: string;
    progress: (one: OpenProgress) => void;
    settle: (opened: OpenedFile | Error) => void;
    cancelled: boolean;
    writer: RecordWriter & { released: number };
  }[] = [];
  const open: EngineOpener = (_source, name, progress) => {
    let settle!: (opened: OpenedFile | Error) => void;
    const job = {
      name,
      progress,
      settle: (value: OpenedFile | Error) => settle(value),
      cancelled: false,
      writer: {
        released: 0,
        write: () => Promise.reject(new Error('not in this test')),
        release: () => {
          job.writer.released += 1;
        },
      },
    };
    let reject!: (error: Error) => void;
    const opened = new Promise<OpenedFile>((resolve, fail) => {
      reject = fail;
      settle = (value) => (value instanceof Error ? fail(value) : resolve(value));
    });
    jobs.push(job);
    return {
      opened,
      cancel: () => {
        job.cancelled = true;
        reject(new OpenCancelled(name));
      },
      keeper: () => job.writer,
    };
  };
  return { open, jobs };
}

function opening() {
  const notices: Notice[] = [];
  const saved: string[] = [];
  const handedOver: [string, RecordWriter][] = [];
  /** Each run's wait to be kept, settled by the test (the library's save). */
  const keeping: { id: string; settle: (where: KeptWhere | Error) => void }[] = [];
  const driven = drivenOpener();
  const library = {
    getState: () => ({
      scenarios: [],
      actions: {
        handOver: (id: string, writer: RecordWriter) => handedOver.push([id, writer]),
        whenKept: (id: string) =>
          new Promise<KeptWhere>((resolve, reject) =>
            keeping.push({
              id,
              settle: (where) => (where instanceof Error ? reject(where) : resolve(where)),
            }),
          ),
        putScenario: async () => {},
        saveAll: async () => {
          saved.push('saved');
        },
      },
    }),
  } as unknown as LibraryStore;
  const views = { addScenarios: () => {}, openRecord: () => {} } as unknown as ViewStores;
  const opener = createFileOpening({
    views,
    library,
    builtins: [],
    notify: (notice) => notices.push(notice),
    now: () => 0,
    newId: () => 'id',
    open: driven.open,
  });
  return { opener, notices, saved, handedOver, keeping, jobs: driven.jobs };
}

const file = (name: string) => new File([LIBRARY], name);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => vi.stubGlobal('window', { location: { hash: '' } }));
afterEach(() => vi.unstubAllGlobals());

describe('opening files on the page', () => {
  it('says how far a file got, then what was opened', async () => {
    const { opener, notices, jobs } = opening();
    opener.openFiles([file('big.json')]);
    jobs[0]!.progress({ stage: 'reading', bytes: 45 * 1024 * 1024, total: 90 * 1024 * 1024 });
    jobs[0]!.progress({ stage: 'parsing' });
    jobs[0]!.settle(openFileText(LIBRARY, 'big.json'));
    await vi.waitFor(() => expect(notices).toHaveLength(3));
    expect(notices.slice(0, 2)).toEqual([
      { tone: 'working', text: 'Reading big.json… 45 MB of 90 MB' },
      { tone: 'working', text: 'Parsing big.json…' },
    ]);
    expect(notices[2]).toEqual({
      tone: 'done',
      text: 'Opened big.json: 0 runs and 0 scenarios kept in the library.',
    });
  });

  it('a second file opened while the first is read replaces it: the first stops, says nothing', async () => {
    const { opener, notices, jobs, saved } = opening();
    opener.openFiles([file('first.json'), file('also-first.json')]);
    opener.openFiles([file('second.json')]);
    expect(jobs.map((job) => [job.name, job.cancelled])).toEqual([
      ['first.json', true],
      ['second.json', false],
    ]);
    jobs[0]!.progress({ stage: 'parsing' });
    jobs[1]!.settle(openFileText(LIBRARY, 'second.json'));
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    await settled();
    expect(notices).toEqual([
      { tone: 'done', text: 'Opened second.json: 0 runs and 0 scenarios kept in the library.' },
    ]);
    // The first pick's second file is never opened.
    expect(jobs).toHaveLength(2);
    expect(saved).toEqual(['saved']);
  });

  it('cancel stops the file being read: nothing is opened or said', async () => {
    const { opener, notices, jobs, saved } = opening();
    opener.openFiles([file('big.json')]);
    opener.cancel();
    expect(jobs[0]!.cancelled).toBe(true);
    await settled();
    expect(notices).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('a file that cannot be opened says why, as before, and that nothing changed', async () => {
    const { opener, notices, jobs } = opening();
    opener.openText('{"a": 1}', 'pasted text');
    let refusal: unknown;
    try {
      openFileText('{"a": 1}', 'pasted text');
    } catch (error) {
      refusal = error;
    }
    jobs[0]!.settle(refusal as FileError);
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(notices[0]).toEqual({
      tone: 'problem',
      text: `${(refusal as FileError).message}. Nothing was changed.`,
    });
  });

  it('a file over the size cap is refused before it is read', async () => {
    const { opener, notices, jobs } = opening();
    const huge = { name: 'huge.json', size: 300 * 1024 * 1024 } as File;
    opener.openFiles([huge]);
    await vi.waitFor(() => expect(notices).toHaveLength(1));
    expect(jobs).toEqual([]);
    expect(notices[0]!.text).toBe(
      'huge.json: 300 MB, larger than the 200 MB Loopscope opens. Nothing was changed.',
    );
  });

  it('hands the worker that read a trace to the library, to write its run; else lets it go', async () => {
    const { opener, notices, jobs, handedOver } = opening();
    const happy = builtinScenario('shopops-happy');
    const text = JSON.stringify(
      toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
    );
    opener.openText(text, 'run.json');
    jobs[0]!.settle(openFileText(text, 'run.json'));
    await vi.waitFor(() => expect(notices.at(-1)?.tone).toBe('keeping'));
    expect(handedOver).toEqual([['id', jobs[0]!.writer]]);
    expect(jobs[0]!.writer.released).toBe(0);

    opener.openFiles([file('library.json')]);
    jobs[1]!.settle(openFileText(LIBRARY, 'library.json'));
    await vi.waitFor(() => expect(notices.at(-1)?.text).toMatch(/^Opened library.json/));
    expect(jobs[1]!.writer.released).toBe(1);
    expect(handedOver).toHaveLength(1);
  });

  it('says a run is kept only once the library has written it, and where it went', async () => {
    const { opener, notices, keeping, jobs } = opening();
    const happy = builtinScenario('shopops-happy');
    const text = JSON.stringify(
      toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
    );
    const opened = 'Opened run.json: a run of shopops-happy with';
    opener.openText(text, 'run.json');
    jobs[0]!.settle(openFileText(text, 'run.json'));
    await vi.waitFor(() => expect(keeping).toHaveLength(1));
    expect(notices.at(-1)).toEqual({
      tone: 'keeping',
      text: expect.stringMatching(new RegExp(`^${opened} \\d+ steps; writing it to the library…$`)),
    });
    keeping[0]!.settle('stored');
    await vi.waitFor(() => expect(notices.at(-1)?.tone).toBe('done'));
    expect(notices.at(-1)?.text).toMatch(
      new RegExp(`^${opened} \\d+ steps, kept in the library\\.$`),
    );

    // In memory only (storage refused or full): said as a problem, with what to do.
    opener.openText(text, 'run.json');
    jobs[1]!.settle(openFileText(text, 'run.json'));
    await vi.waitFor(() => expect(keeping).toHaveLength(2));
    keeping[1]!.settle('memory');
    await vi.waitFor(() => expect(notices.at(-1)?.tone).toBe('problem'));
    expect(notices.at(-1)?.text).toMatch(/memory only .* until the page closes: export it/);

    // A write that fails says so; the run stays open.
    opener.openText(text, 'run.json');
    jobs[2]!.settle(openFileText(text, 'run.json'));
    await vi.waitFor(() => expect(keeping).toHaveLength(3));
    keeping[2]!.settle(new Error('the disk is gone'));
    await vi.waitFor(() => expect(notices.at(-1)?.tone).toBe('problem'));
    expect(notices.at(-1)?.text).toMatch(
      /could not be written to the library \(the disk is gone\)/,
    );
  });

  it('says nothing of a run kept after the next file’s notice, or after a dismissal', async () => {
    const { opener, notices, keeping, jobs } = opening();
    const happy = builtinScenario('shopops-happy');
    const text = JSON.stringify(
      toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
    );
    opener.openFiles([new File([text], 'first.json'), file('second.json')]);
    jobs[0]!.settle(openFileText(text, 'first.json'));
    await vi.waitFor(() => expect(jobs).toHaveLength(2));
    jobs[1]!.progress({ stage: 'parsing' });
    keeping[0]!.settle('stored');
    await settled();
    expect(notices.at(-1)).toEqual({ tone: 'working', text: 'Parsing second.json…' });

    opener.openText(text, 'third.json');
    jobs[2]!.settle(openFileText(text, 'third.json'));
    await vi.waitFor(() => expect(keeping).toHaveLength(2));
    const said = notices.length;
    opener.cancel(); // the notice dismissed
    keeping[1]!.settle('stored');
    await settled();
    expect(notices).toHaveLength(said);
  });

  it('calls a notice under way while a file is read or its run written, not once done', () => {
    expect(underWay({ tone: 'working', text: '' })).toBe(true);
    expect(underWay({ tone: 'keeping', text: '' })).toBe(true);
    expect(underWay({ tone: 'done', text: '' })).toBe(false);
    expect(underWay({ tone: 'problem', text: '' })).toBe(false);
    expect(underWay(null)).toBe(false);
  });
});
