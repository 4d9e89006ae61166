/**
 * The open worker's core, pure of the worker's globals: a request in, its progress and answer
 * out through `post`. Reads the file as a stream (saying how much is read), then opens its
 * text with the engine's opener, exactly as the page would.
 */
import { FileError, checkFileSize, openFileText, scanJson } from '../engine';
import type { OpenWorkerRequest, OpenWorkerResponse } from './open-protocol';

/** Least time between two `reading` reports (ms): a report per chunk would flood the page. */
export const READ_REPORT_MS = 100;

type Post = (response: OpenWorkerResponse) => void;

/** The bytes of `parts` (`bytes` of them in all) as one array; no copy when there is one part. */
function joined(parts: readonly Uint8Array[], bytes: number): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.byteLength;
  }
  return all;
}

/**
 * Reads a Blob's stream, reporting bytes read; the bytes are decoded once at the end (decoding
 * each chunk into a string and joining 1,400 of them cost a 90 MB file about a second).
 */
async function readText(id: number, blob: Blob, post: Post, now: () => number): Promise<string> {
  const total = blob.size;
  post({ id, stage: 'reading', bytes: 0, total });
  const reader = blob.stream().getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let reported = now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    parts.push(value);
    if (now() - reported >= READ_REPORT_MS) {
      reported = now();
      post({ id, stage: 'reading', bytes, total });
    }
  }
  post({ id, stage: 'reading', bytes, total });
  return new TextDecoder().decode(joined(parts, bytes));
}

/**
 * Opens a request's file: `reading` reports, `parsing` (and `scanned`, when asked), then
 * `opened`, `refused` or `failed`.
 */
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
    if (request.scan) post({ id, stage: 'scanned', clean: scanJson(text) === null });
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
