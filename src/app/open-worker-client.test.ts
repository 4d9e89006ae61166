import { describe, expect, it, vi } from 'vitest';
import {
  FileError,
  fastOpenedTrace,
  openFileText,
  runScenario,
  scenarioConfig,
  toNativeTraceJson,
  type OpenedFile,
} from '../engine';
import { openResult } from '../state/open-file';
import { labelledSummary, summaryOf, type RunRecord } from '../state';
import { shellOf } from '../storage/record-shell';
import { builtinScenario } from '../scenarios';
import { createOpenAnswerer, type KeepRecord } from '../workers/open-core';
import type { OpenWorkerMessage, OpenWorkerResponse } from '../workers/open-protocol';
import {
  OpenCancelled,
  createEngineOpener,
  inThreadOpenPort,
  type OpenPortFactory,
  type OpenProgress,
  type OwnCopy,
} from './open-worker-client';

const LIBRARY = '{"format": "loopscope.library", "version": 1, "runs": [], "scenarios": []}';

/** The open worker's own core behind a message boundary: answers cloned, in later tasks. */
function workerLike(
  options: {
    fail?: string;
    silent?: OpenWorkerResponse['stage'];
    keep?: KeepRecord;
    partItems?: number;
  } = {},
) {
  let closed = 0;
  let connections = 0;
  const posted: OpenWorkerMessage[] = [];
  const connect: OpenPortFactory = (onAnswer, onError) => {
    connections += 1;
    const answer = createOpenAnswerer(
      (one: OpenWorkerResponse) => {
        if (one.stage !== options.silent) setTimeout(() => onAnswer(structuredClone(one)), 0);
      },
      {
        ...(options.keep ? { keep: options.keep } : {}),
        ...(options.partItems ? { partItems: options.partItems } : {}),
      },
    );
    return {
      post: (message) => {
        posted.push(message);
        const cloned = structuredClone(message);
        setTimeout(() => (options.fail ? onError(options.fail) : answer(cloned)), 0);
      },
      close: () => {
        closed += 1;
      },
      holds: options.keep !== undefined,
    };
  };
  return { connect, closed: () => closed, connections: () => connections, posted };
}

/** The run the page makes of a file it read. */
const runOf = (opened: OpenedFile, name: string): RunRecord => {
  const result = openResult(opened, name, {
    scenarios: [builtinScenario('shopops-happy')],
    builtinIds: new Set(),
    newId: () => 'run-1',
    now: () => 1_000,
  });
  if (result.kind !== 'run') throw new Error('not a run');
  return result.record;
};
/** The run the page makes of a native text. */
const runFrom = (text: string): RunRecord => runOf(openFileText(text, 'run.json'), 'run.json');

describe('opening a file in the open worker', () => {
  it('answers what the page’s own opener reads, with the progress on the way', async () => {
    const worker = workerLike();
    const progress: OpenProgress[] = [];
    const file = new File([LIBRARY], 'library.json');
    const job = createEngineOpener(worker.connect)(file, 'library.json', (one) =>
      progress.push(one),
    );
    expect(await job.opened).toEqual(openFileText(LIBRARY, 'library.json'));
    expect(progress.map((one) => one.stage)).toEqual(['reading', 'reading', 'parsing']);
    expect(progress[1]).toEqual({ stage: 'reading', bytes: file.size, total: file.size });
    expect(worker.closed()).toBe(1);
  });

  it('refuses a bad file with the FileError the page would throw, message and all', async () => {
    const opener = createEngineOpener(workerLike().connect);
    const error = await opener(
      new File(['{"a": 1}'], 'other.json'),
      'other.json',
      () => {},
    ).opened.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FileError);
    let expected: unknown;
    try {
      openFileText('{"a": 1}', 'other.json');
    } catch (caught) {
      expected = caught;
    }
    expect((error as FileError).message).toBe((expected as FileError).message);
    expect((error as FileError).code).toBe('unknown_format');
  });

  it('fails with the cause when the worker itself breaks', async () => {
    const opener = createEngineOpener(workerLike({ fail: 'the script did not load' }).connect);
    const error = await opener(LIBRARY, 'x.json', () => {}).opened.catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('the script did not load');
  });

  it('stops at cancel: the worker ends, and nothing it says afterwards counts', async () => {
    const worker = workerLike({ silent: 'opened' });
    const progress: OpenProgress[] = [];
    const job = createEngineOpener(worker.connect)(
      new File([LIBRARY], 'library.json'),
      'library.json',
      (one) => progress.push(one),
    );
    await vi.waitFor(() => expect(worker.connections()).toBe(1));
    job.cancel();
    const said = progress.length;
    const error = await job.opened.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenCancelled);
    expect((error as Error).message).toBe('library.json: opening cancelled');
    expect(worker.closed()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress).toHaveLength(said);

    // Stopped before the worker started: none starts.
    const early = workerLike();
    const stopped = createEngineOpener(early.connect)(LIBRARY, 'library.json', () => {});
    stopped.cancel();
    await expect(stopped.opened).rejects.toBeInstanceOf(OpenCancelled);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(early.connections()).toBe(0);
  });

  it('a worker per file: a second opening does not wait for the first', async () => {
    // The first file's worker never answers; the second's does.
    const slow = workerLike({ silent: 'opened' });
    const quick = workerLike();
    let connected = 0;
    const opener = createEngineOpener((onAnswer, onError) =>
      (connected++ === 0 ? slow : quick).connect(onAnswer, onError),
    );
    const first = opener(LIBRARY, 'a.json', () => {});
    const second = opener(LIBRARY, 'b.json', () => {});
    await expect(second.opened).resolves.toMatchObject({ kind: 'other' });
    first.cancel();
    await expect(first.opened).rejects.toBeInstanceOf(OpenCancelled);
    expect([slow.connections(), quick.connections()]).toEqual([1, 1]);
    expect(slow.closed()).toBe(1);
  });

  it('where there are no workers, the same core runs on this thread', async () => {
    const opener = createEngineOpener(inThreadOpenPort);
    const file = new File([LIBRARY], 'library.json');
    await expect(opener(file, 'library.json', () => {}).opened).resolves.toEqual(
      openFileText(LIBRARY, 'library.json'),
    );
  });

  describe('a native trace file', () => {
    /** A native file as `toNativeTraceJson` writes it, `extra` spliced in after its version. */
    async function nativeText(extra = ''): Promise<string> {
      const happy = builtinScenario('shopops-happy');
      const text = JSON.stringify(
        toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
      );
      return text.replace('"version":2,', `"version":2,${extra}`);
    }

    it('opens to what openFileText reads, by the page’s own reading alone: no worker reads it beside the page', async () => {
      const text = await nativeText();
      const worker = workerLike();
      const progress: OpenProgress[] = [];
      const file = new File([text], 'run.json');
      const job = createEngineOpener(worker.connect)(file, 'run.json', (one) => progress.push(one));
      expect(await job.opened).toEqual(openFileText(text, 'run.json'));
      expect(worker.connections()).toBe(0);
      // Read whole on the page: the notice says so, without a count of bytes.
      expect(progress).toEqual([{ stage: 'reading', total: file.size }]);
    });

    it('starts a worker only to write the run, once the write is asked for, after the answer', async () => {
      const text = await nativeText();
      const events: string[] = [];
      const worker = workerLike({ keep: async () => summaryOf(runFrom(text), {}, 0) });
      const connect: OpenPortFactory = (onAnswer, onError) => {
        events.push('worker starts');
        return worker.connect(onAnswer, onError);
      };
      const copy: OwnCopy = {
        looksNative: async () => true,
        read: async (source) => {
          const read = typeof source === 'string' ? source : await source.text();
          return {
            text: read,
            parse: () => {
              events.push('page parses');
              return fastOpenedTrace(read);
            },
          };
        },
      };
      const job = createEngineOpener(connect, { copy })(text, 'run.json', () => {});
      expect(await job.opened).toEqual(openFileText(text, 'run.json'));
      const keeper = job.keeper();
      expect(keeper).not.toBeNull();
      expect(events).toEqual(['page parses']);
      await keeper!.write(runFrom(text));
      expect(events).toEqual(['page parses', 'worker starts']);
      // The worker was given the text the page read and verified (not read, nor scanned, again),
      // then the write; then it ended.
      expect(worker.posted.map((one) => ('command' in one ? one.command : 'request'))).toEqual([
        'request',
        'keep',
      ]);
      expect(worker.posted[0]).toEqual({
        id: 1,
        source: text,
        name: 'run.json',
        hold: true,
        verified: true,
      });
      expect(worker.closed()).toBe(1);
    });

    it('with a forbidden key is refused with the worker’s message, though its steps read well', async () => {
      const text = await nativeText('"__proto__":{"polluted":true},');
      const expected = (() => {
        try {
          openFileText(text, 'bad.json');
        } catch (caught) {
          return caught as FileError;
        }
        throw new Error('it opened');
      })();
      expect(expected.code).toBe('forbidden_key');
      const error = await createEngineOpener(workerLike().connect)(
        text,
        'bad.json',
        () => {},
      ).opened.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(FileError);
      expect((error as FileError).message).toBe(expected.message);
    });

    it('that the fast path does not take whole gets the worker’s reading or its message', async () => {
      const good = await nativeText();
      // A step with a key the fast path does not know: the schemas read it (and drop the key).
      const odd = good.replace('{"index":0,', '{"index":0,"unknownKey":1,');
      const opener = createEngineOpener(workerLike().connect);
      expect(await opener(odd, 'odd.json', () => {}).opened).toEqual(openFileText(odd, 'odd.json'));
      const broken = good.replace(/"index":0/, '"index":"zero"');
      const error = await opener(broken, 'broken.json', () => {}).opened.catch((e: unknown) => e);
      let expected: unknown;
      try {
        openFileText(broken, 'broken.json');
      } catch (caught) {
        expected = caught;
      }
      expect(expected).toBeInstanceOf(FileError);
      expect((error as FileError).message).toBe((expected as FileError).message);
    });
  });
});

describe('a worker that holds its reading and writes the run', () => {
  async function nativeText(): Promise<string> {
    const happy = builtinScenario('shopops-happy');
    return JSON.stringify(
      toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
    );
  }

  /** A write the test sees: the database, the record and its bytes; the summary the port gives. */
  function recordingKeep(problem?: string) {
    const writes: Parameters<KeepRecord>[] = [];
    const keep: KeepRecord = async (database, entry) => {
      writes.push([database, entry]);
      if (problem) throw new Error(problem);
      const { record, label = {}, bytes, summary } = entry;
      return summary ? labelledSummary(summary, label, bytes) : summaryOf(record, label, bytes);
    };
    return { keep, writes };
  }

  it('answers with the page’s own reading, then writes the page’s run as its shell, its file and its summary', async () => {
    const text = await nativeText();
    const { keep, writes } = recordingKeep();
    const worker = workerLike({ keep });
    const job = createEngineOpener(worker.connect, { database: 'the-library' })(
      new File([text], 'run.json'),
      'run.json',
      () => {},
    );
    const opened = await job.opened;
    expect(opened).toEqual(openFileText(text, 'run.json'));
    const record = runOf(opened, 'run.json');
    const summary = await job.keeper()!.write(record, { name: 'mine' });
    // The worker never read the file (its pre-scan was clean): the library keeps the run as its
    // shell and the file's text, summed up by the page's whole record.
    expect(writes).toHaveLength(1);
    const [database, entry] = writes[0]!;
    expect(database).toBe('the-library');
    expect(entry.record).toEqual(shellOf(record));
    expect(entry.file).toEqual({ name: 'run.json', text });
    expect(entry.summary).toEqual(summaryOf(record, {}, 0));
    expect(entry.label).toEqual({ name: 'mine' });
    const bytes = text.length + JSON.stringify({ ...record, trace: null }).length;
    expect(entry.bytes).toBe(bytes);
    expect(summary).toEqual(summaryOf(record, { name: 'mine' }, bytes));
    expect(summary).toMatchObject({ id: 'run-1', outcome: 'correct' });
    // What crossed: the request, then a shell without the trace; the reading never came back.
    const commands = worker.posted.filter((one) => 'command' in one);
    expect(commands).toEqual([
      expect.objectContaining({ command: 'keep', steps: record.trace!.steps.length }),
    ]);
    expect(commands[0]).toMatchObject({ record: { trace: null } });
    expect(worker.closed()).toBe(1);
  });

  it('sends its reading when the page has none of its own (another tool’s trace, a library file)', async () => {
    const worker = workerLike({ keep: recordingKeep().keep });
    const job = createEngineOpener(worker.connect)(LIBRARY, 'library.json', () => {});
    expect(await job.opened).toEqual(openFileText(LIBRARY, 'library.json'));
    expect(worker.posted.filter((one) => 'command' in one)).toEqual([{ id: 1, command: 'send' }]);
    // Still there for a write until released.
    expect(worker.closed()).toBe(0);
    job.keeper()!.release();
    expect(worker.closed()).toBe(1);
  });

  it('sends a long reading in parts, each a task of its own, joined to the reading', async () => {
    const good = await nativeText();
    // A step the fast path does not take: the page waits for the worker's reading.
    const odd = good.replace('{"index":0,', '{"index":0,"unknownKey":1,');
    const answers: OpenWorkerResponse['stage'][] = [];
    const worker = workerLike({ keep: recordingKeep().keep, partItems: 2 });
    const connect: OpenPortFactory = (onAnswer, onError) =>
      worker.connect((one) => {
        answers.push(one.stage);
        onAnswer(one);
      }, onError);
    const job = createEngineOpener(connect)(odd, 'odd.json', () => {});
    expect(await job.opened).toEqual(openFileText(odd, 'odd.json'));
    expect(answers.filter((stage) => stage === 'part').length).toBeGreaterThan(2);
    expect(answers.at(-1)).toBe('opened');
    job.keeper()?.release();
  });

  it('sends its reading when the page’s own reading breaks', async () => {
    const text = await nativeText();
    const worker = workerLike({ keep: recordingKeep().keep });
    const broken: OwnCopy = {
      looksNative: async () => true,
      read: async () => {
        throw new Error('out of memory');
      },
    };
    const job = createEngineOpener(worker.connect, { copy: broken })(text, 'run.json', () => {});
    expect(await job.opened).toEqual(openFileText(text, 'run.json'));
    expect(worker.posted.filter((one) => 'command' in one)).toEqual([{ id: 1, command: 'send' }]);
  });

  it('a write it cannot make rejects with why, and the worker ends', async () => {
    const text = await nativeText();
    const worker = workerLike({ keep: recordingKeep('the disk is full').keep });
    const job = createEngineOpener(worker.connect)(text, 'run.json', () => {});
    const record = runOf(await job.opened, 'run.json');
    await expect(job.keeper()!.write(record)).rejects.toThrow('the disk is full');
    expect(worker.closed()).toBe(1);
    expect(job.keeper()).toBeNull();

    // A page's record that is not of the worker's reading (when it read the file) is not written.
    const noCopy: OwnCopy = {
      looksNative: async () => false,
      read: async () => ({ text: '', parse: () => null }),
    };
    const other = createEngineOpener(workerLike({ keep: recordingKeep().keep }).connect, {
      copy: noCopy,
    })(text, 'run.json', () => {});
    const opened = await other.opened;
    const shorter = { ...record, trace: { ...record.trace!, steps: record.trace!.steps.slice(1) } };
    await expect(other.keeper()!.write(shorter)).rejects.toThrow(
      `this reading has ${record.trace!.steps.length} steps, the page's ${record.trace!.steps.length - 1}`,
    );
    expect(opened.kind).toBe('trace');
  });

  it('refuses a bad file with the worker’s message, and holds nothing', async () => {
    const worker = workerLike({ keep: recordingKeep().keep });
    const job = createEngineOpener(worker.connect)('{"a": 1}', 'other.json', () => {});
    await expect(job.opened).rejects.toBeInstanceOf(FileError);
    expect(job.keeper()).toBeNull();
    expect(worker.closed()).toBe(1);
  });
});
