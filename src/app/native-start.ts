/**
 * Whether a file starts as a native trace does: the guess that starts the page's own reading of
 * it (`open-own-copy.ts`, loaded only then). Kept apart so the entry holds no trace schema; the
 * guess itself is the engine's (`startsAsNative`, dependency-free).
 */
import { NATIVE_HEAD_CHARS, startsAsNative } from '../engine';

/** Whether `source` starts as a native trace does (a guess; the reading decides). */
export async function looksNative(source: Blob | string): Promise<boolean> {
  // The two fields are ASCII: as many bytes of a file hold as many characters.
  const head =
    typeof source === 'string' ? source : await source.slice(0, NATIVE_HEAD_CHARS).text();
  return startsAsNative(head);
}
