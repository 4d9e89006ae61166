import { describe, expect, it } from 'vitest';
import { FileError, openFileText, runScenario, scenarioConfig, toNativeTraceJson } from '../engine';
import { builtinScenario } from '../scenarios';
import { answerOpenRequest } from '../workers/open-core';
import type { OpenWorkerResponse } from '../workers/open-protocol';
import {
  OpenCancelled,
  createEngineOpener,
  inThreadOpenPort,
  type OpenPortFactory,
  type OpenProgress,
} from './open-worker-client';

const LIBRARY = '{"format": "loopscope.library", "version": 1, "runs": [], "scenarios": []}';

/** The open worker's own core behind a message boundary: answers cloned, in later tasks. */
function workerLike(options: { fail?: string; silent?: OpenWorkerResponse['stage'] } = {}) {
  let closed = 0;
  let connections = 0;
  const connect: OpenPortFactory = (onAnswer, onError) => {
    connections += 1;
    return {
      post: (request) => {
        setTimeout(() => {
          if (options.fail) return onError(options.fail);
          void answerOpenRequest(request, (one: OpenWorkerResponse) => {
            if (one.stage !== options.silent) setTimeout(() => onAnswer(structuredClone(one)), 0);
          });
        }, 0);
      },
      close: () => {
        closed += 1;
      },
    };
  };
  return { connect, closed: () => closed, connections: () => connections };
}

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
    const worker = workerLike();
    const progress: OpenProgress[] = [];
    const job = createEngineOpener(worker.connect)(
      new File([LIBRARY], 'library.json'),
      'library.json',
      (one) => progress.push(one),
    );
    job.cancel();
    const error = await job.opened.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenCancelled);
    expect((error as Error).message).toBe('library.json: opening cancelled');
    expect(worker.closed()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(progress).toEqual([]);
  });

  it('a worker per file: a second opening does not wait for the first', async () => {
    const worker = workerLike();
    const opener = createEngineOpener(worker.connect);
    const first = opener(LIBRARY, 'a.json', () => {});
    const second = opener(LIBRARY, 'b.json', () => {});
    first.cancel();
    await expect(first.opened).rejects.toBeInstanceOf(OpenCancelled);
    await expect(second.opened).resolves.toMatchObject({ kind: 'other' });
    expect(worker.connections()).toBe(2);
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

    it('opens to what openFileText reads, by the page’s own reading, without the worker’s answer', async () => {
      const text = await nativeText();
      const worker = workerLike({ silent: 'opened' });
      const job = createEngineOpener(worker.connect)(
        new File([text], 'run.json'),
        'run.json',
        () => {},
      );
      expect(await job.opened).toEqual(openFileText(text, 'run.json'));
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
