/**
 * How the native writer starts a file (`toNativeTraceJson`): `{"format":"loopscope.trace",
 * "version":2,`. A guess from a file's first characters, before anything parses 90 MB of it:
 * the page's own reading starts on it, and the fast path alone declines any other text without
 * parsing it. A text that starts otherwise may still be a native trace (the opener reads it).
 * Dependency-free, so the page's first load can hold it.
 */
const NATIVE_START =
  /^\uFEFF?\s*\{\s*"format"\s*:\s*"loopscope\.trace"\s*,\s*"version"\s*:\s*2\s*[,}]/;

/** Characters of a file's start that hold the two fields. */
export const NATIVE_HEAD_CHARS = 256;

/** Pure: whether `text` (a whole file, or its first characters) starts as a native trace does. */
export function startsAsNative(text: string): boolean {
  return NATIVE_START.test(text.slice(0, NATIVE_HEAD_CHARS));
}
