/**
 * Reading a kept file's text again, on its own so that `kept-file.ts` loads it (and with it the
 * engine's readers: zod, the importers) only when a kept file is first read back, not with the
 * library. Pure.
 */
import { fastOpenedTrace, openFileText, type OpenedFile } from '../engine';

/**
 * The reading of a kept file's text, as `openFileText` gives it: a native trace by the fast path
 * alone (its text was scanned clean when the file was opened, or it would not have been kept;
 * 0.2–0.3 s less for 100,000 steps), anything else by `openFileText`, which words any problem.
 */
export const readKeptText = (text: string, name: string): OpenedFile =>
  fastOpenedTrace(text) ?? openFileText(text, name);
