/**
 * Whether a file starts as a native trace does: the guess that starts the page's own reading of
 * it (`open-own-copy.ts`, loaded only then). Kept apart so the entry holds no trace schema.
 */

/** How the native writer starts a file (`toNativeTraceJson`): `{"format":"loopscope.trace","version":2,`. */
const NATIVE_START =
  /^\uFEFF?\s*\{\s*"format"\s*:\s*"loopscope\.trace"\s*,\s*"version"\s*:\s*2\s*[,}]/;

/** Enough of a file's start to hold the two fields. */
const HEAD_BYTES = 256;

/** Whether `source` starts as a native trace does (a guess; the reading decides). */
export async function looksNative(source: Blob | string): Promise<boolean> {
  const head =
    typeof source === 'string'
      ? source.slice(0, HEAD_BYTES)
      : await source.slice(0, HEAD_BYTES).text();
  return NATIVE_START.test(head);
}
