/**
 * The open worker's core, pure of the worker's globals: a request in, its progress and answer
 * out through `post`. Reads the file as a stream (saying how much is read), then opens its
 * text with the engine's opener, exactly as the page would.
 */
import { FileError, checkFileSize, openFileText } from '../engine';
import type { OpenWorkerRequest, OpenWorkerResponse } from './open-protocol';

/** Least time between two `reading` reports (ms): a report per chunk would flood the page. */
export const READ_REPORT_MS = 100;

type Post = (response: OpenWorkerResponse) => void;

async function readText(id: number, blob: Blob, post: Post, now: () => number): Promise<string> {
  const total = blob.size;
  post({ id, stage: 'reading', bytes: 0, total });
  const reader = blob.stream().getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let reported = now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    parts.push(decoder.decode(value, { stream: true }));
    if (now() - reported >= READ_REPORT_MS) {
      reported = now();
      post({ id, stage: 'reading', bytes, total });
    }
  }
  parts.push(decoder.decode());
  post({ id, stage: 'reading', bytes, total });
  return parts.join('');
}

/** Opens a request's file: `reading` reports, `parsing`, then `opened`, `refused` or `failed`. */
export async function answerOpenRequest(
  request: OpenWorkerRequest,
  post: Post,
  now: () => number = () => Date.now(),
): Promise<void> {
  const { id, source, name } = request;
  try {
    let text: string;
    if (typeof source === 'string') text = source;
    else {
      checkFileSize(source.size, name);
      text = await readText(id, source, post, now);
    }
    post({ id, stage: 'parsing' });
    post({ id, stage: 'opened', opened: openFileText(text, name) });
  } catch (error) {
    if (error instanceof FileError) {
      const { code, fileName, path, problem, location } = error;
      post({
        id,
        stage: 'refused',
        error: { code, fileName, path, problem, ...(location ? { location } : {}) },
      });
    } else {
      post({
        id,
        stage: 'failed',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
