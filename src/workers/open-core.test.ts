import { describe, expect, it } from 'vitest';
import { FileError, openFileText, runScenario, scenarioConfig, toNativeTraceJson } from '../engine';
import { builtinScenario } from '../scenarios';
import { answerOpenRequest, READ_REPORT_MS } from './open-core';
import type { OpenWorkerResponse } from './open-protocol';

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
