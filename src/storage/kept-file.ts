/**
 * A run read from a native trace file, kept as that file: the record without what the file's
 * reading holds (its shell: a few kilobytes however long the trace) and the file's text
 * (`KeptFile`). Writing the text costs IndexedDB a copy of one string, where the trace it was
 * read into cost a structured clone of 100,000 steps' objects and, in Chromium, a second one made
 * to find the row's key: about a second of allocation in the open worker, competing with the page
 * for the machine. Read back, the text is read again (`file-reader.ts`: the fast path, else the
 * engine's opener) and its reading fills in the shell: a 100,000-step run shows sooner than its
 * clone deserialised did (docs/decisions/0007-kept-file-as-text.md). Pure; the shell itself is
 * `record-shell.ts`.
 */
import type { OpenedFile } from '../engine';
import type { KeptFile, RunRecord } from '../state';
import { filledRecord } from './record-shell';

/** The file no longer reads into the run it was kept with (a later reader refused it). */
export class KeptFileError extends Error {
  constructor(
    readonly fileName: string,
    problem: string,
    readonly cause?: unknown,
  ) {
    super(`${fileName}, kept with this run, no longer reads as it did: ${problem}`);
    this.name = 'KeptFileError';
  }
}

/**
 * The run `shell` was kept for, read again from its `file`. Rejects with a `KeptFileError` when
 * the file does not open, or opens without a trace.
 */
export async function reopenedRecord(shell: RunRecord, file: KeptFile): Promise<RunRecord> {
  const { text } = file;
  // The engine's readers (zod, the importers) load with the first kept file read back, not
  // with the library: most pages never read one.
  const { openFileTextFast } = await import('./file-reader');
  let opened: OpenedFile;
  try {
    opened = openFileTextFast(text, file.name);
  } catch (error) {
    throw new KeptFileError(
      file.name,
      error instanceof Error ? error.message : String(error),
      error,
    );
  }
  const record = filledRecord(shell, opened);
  if (!record) throw new KeptFileError(file.name, `it holds a ${opened.kind}, not a trace`);
  return record;
}
