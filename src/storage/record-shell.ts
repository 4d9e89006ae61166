/**
 * A record's shell: the record without what its file's reading holds, and the record filled in
 * again from a reading. What the page posts with the open worker's `keep`, and what the library
 * keeps beside the file (`kept-file.ts`). Pure, and types only from elsewhere, so the page's open
 * client can use it without loading the engine's readers.
 */
import type { OpenedFile } from '../engine';
import type { RunRecord } from '../state';

/**
 * Pure: a record without what the file's reading holds (the trace; an import's spans, unmapped
 * spans and notes): what the page posts with the open worker's `keep`, and what the library
 * stores beside the file.
 */
export function shellOf(record: RunRecord): RunRecord {
  const { imported } = record;
  return {
    ...record,
    trace: null,
    ...(imported ? { imported: { ...imported, spans: [], unmapped: [], notes: [] } } : {}),
  };
}

/**
 * Pure: the record `shell` stood for, its trace (and an import's spans) from `opened`, a
 * reading of the same file; null when that reading holds no trace.
 */
export function filledRecord(shell: RunRecord, opened: OpenedFile): RunRecord | null {
  if (opened.kind === 'trace') return { ...shell, trace: opened.trace };
  if (opened.kind !== 'foreign' || !shell.imported) return null;
  const { spans, unmapped, notes } = opened;
  return { ...shell, trace: opened.trace, imported: { ...shell.imported, spans, unmapped, notes } };
}
