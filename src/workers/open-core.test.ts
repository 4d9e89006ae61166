import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import {
  FileError,
  openFileText,
  runScenario,
  scenarioConfig,
  toNativeTraceJson,
  type OpenedFile,
} from '../engine';
import { genAiLoop, otlpRequest } from '../engine/otel/fixtures/build';
import { builtinScenario } from '../scenarios';
import { summaryOf, type RunRecord } from '../state';
import { openLibraryDatabase, openRunLibrary, shellOf } from '../storage';
import { answerOpenRequest, createOpenAnswerer, READ_REPORT_MS } from './open-core';
import type { OpenWorkerMessage, OpenWorkerResponse } from './open-protocol';

/** Everything the core posts for one request, each through a structured clone as a worker's. */
async function answers(
  source: Blob | string,
  name: string,
  now?: () => number,
): Promise<OpenWorkerResponse[]> {
  const posted: OpenWorkerResponse[] = [];
  await answerOpenRequest({ id: 7, source, name }, (one) => posted.push(structuredClone(one)), now);
  return posted;
}

/** A Blob-like file that streams `text`'s UTF-8 in chunks of `size` bytes (cutting characters). */
function chunked(text: string, size: number): Blob {
  const bytes = new TextEncoder().encode(text);
  return {
    size: bytes.byteLength,
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.byteLength; at += size)
            controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      }),
  } as unknown as Blob;
}

/** The FileError the page's own opener throws for `text`. */
function pageRefusal(text: string, name: string): FileError {
  try {
    openFileText(text, name);
  } catch (error) {
    if (error instanceof FileError) return error;
  }
  throw new Error('it opened');
}

describe('the open worker’s core', () => {
  it('reads a file, says how much it read and that it parses, and answers the engine’s reading', async () => {
    const happy = builtinScenario('shopops-happy');
    const trace = await runScenario(happy, scenarioConfig(happy));
    const text = JSON.stringify(toNativeTraceJson(trace, happy));
    const file = new File([text], 'run.loopscope.json');
    const posted = await answers(file, 'run.loopscope.json');
    expect(posted[0]).toEqual({ id: 7, stage: 'reading', bytes: 0, total: file.size });
    expect(posted.at(-3)).toEqual({ id: 7, stage: 'reading', bytes: file.size, total: file.size });
    expect(posted.at(-2)).toEqual({ id: 7, stage: 'parsing' });
    expect(posted.at(-1)).toEqual({
      id: 7,
      stage: 'opened',
      opened: openFileText(text, 'run.loopscope.json'),
    });
  });

  it('reads a native file to what openFileText gives, and refuses a forbidden key where the fast path takes values as they are', async () => {
    const happy = builtinScenario('shopops-happy');
    const text = JSON.stringify(
      toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
    );
    const scanned = async (source: string) => {
      const posted: OpenWorkerResponse[] = [];
      await answerOpenRequest({ id: 7, source, name: 'run.json' }, (one) =>
        posted.push(structuredClone(one)),
      );
      return posted;
    };
    const clean = await scanned(text);
    expect(clean.map((one) => one.stage)).toEqual(['parsing', 'opened']);
    expect(clean[1]).toEqual({ id: 7, stage: 'opened', opened: openFileText(text, 'run.json') });
    // A forbidden key inside an observation's free-form result: the fast path would take it.
    const dirty = text.replace('"result":{', '"result":{"__proto__":{"polluted":true},');
    expect(dirty).not.toBe(text);
    const refused = await scanned(dirty);
    expect(refused[1]).toMatchObject({ stage: 'refused', error: { code: 'forbidden_key' } });
  });

  it('reports reading as the chunks come, not more often than every READ_REPORT_MS', async () => {
    let clock = 0;
    const now = () => (clock += READ_REPORT_MS / 2);
    const text = JSON.stringify({ format: 'loopscope.library', pad: 'x'.repeat(300_000) });
    const posted = await answers(chunked(text, 10_000), 'big.json', now);
    const reading = posted.filter((one) => one.stage === 'reading');
    const bytes = reading.map((one) => (one.stage === 'reading' ? one.bytes : -1));
    // 31 chunks, the clock half a period further at each look: about one report every 2 chunks.
    expect(reading.length).toBeGreaterThan(10);
    expect(reading.length).toBeLessThan(25);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes.at(-1)).toBe(text.length);
    expect(posted.at(-1)).toMatchObject({ stage: 'opened', opened: { kind: 'other' } });
  });

  it('decodes UTF-8 split across chunks', async () => {
    const title = 'é🙂'.repeat(1_000);
    const text = JSON.stringify({ format: 'loopscope.library', title });
    const posted = await answers(chunked(text, 7), 'utf8.json');
    expect(posted.at(-1)).toMatchObject({ opened: { value: { title } } });
  });

  it('refuses a bad file with the fields of the FileError the page would throw', async () => {
    for (const [text, name] of [
      ['hello world', 'notes.txt'],
      ['{"format": "loopscope.trace", "version": 9}', 'later.json'],
      ['{"a": 1}', 'other.json'],
      ['[]', 'empty.json'],
    ] as const) {
      const posted = await answers(new File([text], name), name);
      const last = posted.at(-1);
      const expected = pageRefusal(text, name);
      if (last?.stage !== 'refused') throw new Error(`${name}: ${JSON.stringify(last)}`);
      const { code, fileName, path, problem, location } = expected;
      expect(last.error).toEqual({
        code,
        fileName,
        path,
        problem,
        ...(location ? { location } : {}),
      });
    }
  });

  it('refuses a file over the size cap before reading it', async () => {
    const huge = {
      size: 300 * 1024 * 1024,
      stream: () => {
        throw new Error('read');
      },
    };
    const posted = await answers(huge as unknown as Blob, 'huge.json');
    expect(posted).toEqual([
      expect.objectContaining({
        stage: 'refused',
        error: expect.objectContaining({ code: 'too_large' }),
      }),
    ]);
  });

  it('opens text already in hand (a paste) without a reading stage', async () => {
    const posted = await answers('{"format": "loopscope.library", "runs": []}', 'pasted text');
    expect(posted.map((one) => one.stage)).toEqual(['parsing', 'opened']);
  });

  it('answers a failure that is not the file’s fault with its message', async () => {
    const broken = {
      size: 10,
      stream: () => {
        throw new Error('the disk went away');
      },
    };
    const posted = await answers(broken as unknown as Blob, 'gone.json');
    expect(posted).toEqual([
      { id: 7, stage: 'reading', bytes: 0, total: 10 },
      { id: 7, stage: 'failed', message: 'the disk went away' },
    ]);
  });
});

describe('the open worker’s write of the run the page made of its file', () => {
  /** The worker's core over a fresh IndexedDB (fake-indexeddb), writing as the worker does. */
  function workerOn(indexedDB: IDBFactory) {
    const posted: OpenWorkerResponse[] = [];
    const answer = createOpenAnswerer((one) => posted.push(structuredClone(one)), {
      keep: async (name, entry) => {
        const library = await openRunLibrary({ indexedDB, IDBKeyRange, name });
        return (await library.putAll([entry]))[0]!;
      },
    });
    /** Posts `message` (cloned, as to a worker) and waits for the answer at `stage`. */
    const ask = async (message: OpenWorkerMessage, stage: OpenWorkerResponse['stage']) => {
      answer(structuredClone(message));
      await vi.waitFor(() => expect(posted.map((one) => one.stage)).toContain(stage));
      return posted.find((one) => one.stage === stage)!;
    };
    return { ask, posted };
  }

  /** The run the page makes of a file it read (`openResult`'s fields, by hand). */
  const runOf = (opened: OpenedFile, id: string): RunRecord => {
    if (opened.kind !== 'trace' && opened.kind !== 'foreign') throw new Error(opened.kind);
    return {
      id,
      scenario: opened.scenario ?? builtinScenario('shopops-happy'),
      overrides: {},
      settings: opened.trace.config,
      trace: opened.trace,
      status: 'done',
      error: null,
      origin: { kind: 'imported', source: 'a file' },
      startedAt: 1_000,
      endedAt: 1_000,
      ...(opened.kind === 'foreign'
        ? {
            imported: {
              format: opened.format,
              formatLabel: opened.formatLabel,
              spans: opened.spans,
              unmapped: opened.unmapped,
              notes: opened.notes,
            },
          }
        : {}),
    };
  };

  /** `JSON.parse` calls on the whole of `text` while `during` runs. */
  async function wholeParses(text: string, during: () => Promise<unknown>): Promise<number> {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      await during();
      return parse.mock.calls.filter(([parsed]) => parsed.length >= text.length - 1).length;
    } finally {
      parse.mockRestore();
    }
  }

  it.each([
    ['a native trace', 'run.loopscope.json', 'native', 'read'],
    [
      'a native text the page read and verified (held as it is)',
      'run.loopscope.json',
      'native',
      'verified',
    ],
    ['another tool’s trace (OTLP)', 'spans.json', 'otlp', 'read'],
  ] as const)(
    '%s: held, then kept from a shell (a native trace as its file), and read back as the page’s record',
    async (_, name, kind, how) => {
      const happy = builtinScenario('shopops-happy');
      const text =
        kind === 'native'
          ? JSON.stringify(
              toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
            )
          : JSON.stringify(otlpRequest(genAiLoop()));
      const indexedDB = new IDBFactory();
      const worker = workerOn(indexedDB);
      const held = () =>
        worker.ask(
          how === 'verified'
            ? { id: 3, source: text, name, hold: true, verified: true }
            : { id: 3, source: new File([text], name), name, hold: true },
          'held',
        );
      // A native text verified by the page is not read here.
      expect(await wholeParses(text, held)).toBe(how === 'verified' ? 0 : 1);
      if (how === 'verified') expect(worker.posted.map((one) => one.stage)).toEqual(['held']);
      expect(worker.posted.map((one) => one.stage)).not.toContain('opened');

      const record = runOf(openFileText(text, name), `run-${kind}`);
      let kept: OpenWorkerResponse | undefined;
      const keep = async () => {
        kept = await worker.ask(
          {
            id: 3,
            command: 'keep',
            database: 'a-library',
            record: shellOf(record),
            steps: record.trace!.steps.length,
            summary: summaryOf(record, {}, 0),
          },
          'kept',
        );
      };
      expect(await wholeParses(text, keep)).toBe(0);
      // What IndexedDB holds: a native trace's run as its shell and the file's text (not the
      // File: a File is kept as a reference to the file on disk); another tool's run whole.
      const database = await openLibraryDatabase({ indexedDB, IDBKeyRange, name: 'a-library' });
      const row = await database.records.get(record.id);
      database.close();
      if (kind === 'native') {
        expect(row?.record).toEqual(shellOf(record));
        expect(row?.file).toEqual({ name, text });
      } else {
        expect(row?.record).toEqual(record);
        expect(row?.file).toBeUndefined();
      }
      const library = await openRunLibrary({ indexedDB, IDBKeyRange, name: 'a-library' });
      expect(await library.get(record.id)).toEqual(record);
      expect(await library.list()).toEqual([kept?.stage === 'kept' && kept.summary]);
      // The summary the whole record gives, the file's size counted for its trace.
      expect(kept).toEqual({
        id: 3,
        stage: 'kept',
        summary: summaryOf(record, {}, text.length + JSON.stringify(shellOf(record)).length),
      });
    },
  );

  it('holds a verified text only to keep it: it reads nothing, and a send is answered failed', async () => {
    const happy = builtinScenario('shopops-happy');
    const good = JSON.stringify(
      toNativeTraceJson(await runScenario(happy, scenarioConfig(happy)), happy),
    );
    const worker = workerOn(new IDBFactory());
    const source = { id: 4, source: good, name: 'good.json', hold: true, verified: true };
    expect(await wholeParses(good, () => worker.ask(source, 'held'))).toBe(0);
    expect(await worker.ask({ id: 4, command: 'send' }, 'failed')).toEqual({
      id: 4,
      stage: 'failed',
      message: 'this worker holds the file only to keep it',
    });

    // A native file the schemas refuse, read (not verified), is refused at once.
    const bad = good.replace(/("steps":\[\{"index":)0,/, '$1"first",');
    expect(bad).not.toBe(good);
    const refusing = workerOn(new IDBFactory());
    const { code, fileName, path, problem } = pageRefusal(bad, 'bad.json');
    expect(
      await refusing.ask({ id: 5, source: bad, name: 'bad.json', hold: true }, 'refused'),
    ).toEqual({ id: 5, stage: 'refused', error: { code, fileName, path, problem } });
  });

  it('sends what it holds when asked, and writes nothing for a file it refused', async () => {
    const worker = workerOn(new IDBFactory());
    const library = '{"format": "loopscope.library", "version": 1, "runs": [], "scenarios": []}';
    await worker.ask({ id: 1, source: library, name: 'l.json', hold: true }, 'held');
    expect(await worker.ask({ id: 1, command: 'send' }, 'opened')).toEqual({
      id: 1,
      stage: 'opened',
      opened: openFileText(library, 'l.json'),
    });

    const refusing = workerOn(new IDBFactory());
    await refusing.ask({ id: 2, source: '{"a": 1}', name: 'a.json', hold: true }, 'refused');
    const record = runOf(
      openFileText(
        JSON.stringify(
          toNativeTraceJson(
            await runScenario(
              builtinScenario('shopops-happy'),
              scenarioConfig(builtinScenario('shopops-happy')),
            ),
            builtinScenario('shopops-happy'),
          ),
        ),
        'x.json',
      ),
      'x',
    );
    expect(
      await refusing.ask(
        {
          id: 2,
          command: 'keep',
          database: 'a-library',
          record: shellOf(record),
          steps: 1,
          summary: summaryOf(record, {}, 0),
        },
        'unkept',
      ),
    ).toEqual({ id: 2, stage: 'unkept', problem: 'the file was not opened here' });
  });
});
