/**
 * The page's own reading of a native trace file, beside the open worker. Handing a 100,000-step
 * trace back from the worker by structured clone cost the main thread more than parsing the file
 * (1.4 s against 0.65 s), so when a file starts as a native trace does, the page parses its own
 * copy with the engine's fast path while the worker reads and pre-scans it; once the worker's
 * pre-scan is clean (`scanned`) and the fast path read the whole file, that is the file's reading
 * — exactly what `openFileText` gives such a text. Anything else waits for the worker's answer,
 * which words every problem. Loaded when such a file is opened (the fast path needs the trace
 * schemas, zod among them, which the first paint does not); `looksNative` is `native-start.ts`.
 */
import { fastOpenedTrace, type OpenedFile } from '../engine';

/**
 * Pure: the native trace a file's `text` holds when `JSON.parse` and the engine's fast path read
 * it whole; null otherwise (not JSON, not plainly good: the worker's answer says what it is).
 * Valid only with the worker's clean pre-scan beside it.
 */
export function ownReading(text: string): OpenedFile | null {
  return fastOpenedTrace(text);
}
