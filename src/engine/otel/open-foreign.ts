/**
 * The opener's door to other tools' traces: JSON Lines recognised before the text is read as one
 * JSON value, a parsed value's format detected, the size held to {@link MAX_IMPORT_BYTES}. Pure.
 */
import { FileError, megabytes } from '../files/errors';
import { detectFormat, looksLikeJsonLines, readJsonLines, readSpans } from './detect';
import { importSpans, type ForeignTrace } from './import';
import { NoteLog } from './model';

/** Largest foreign trace imported (100 MiB): its spans are all held in memory at once. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

/** Keys that only other tools' traces have near their start (a sniff, not a parse). */
const FOREIGN_HEAD =
  /"(resourceSpans|batches|observations|traceID|span_kind|spans|scopeSpans)"\s*:/;
const OWN_HEAD = /"format"\s*:\s*"loopscope\./;

/** Pure: throws `too_large` when a foreign trace of `length` characters is above the cap. */
export function checkImportSize(length: number, name: string): void {
  if (length <= MAX_IMPORT_BYTES) return;
  throw new FileError(
    'too_large',
    name,
    '$',
    `${megabytes(length)}, larger than the ${MAX_IMPORT_BYTES / 1024 / 1024} MB Loopscope imports from other tools (export a smaller time range or one trace)`,
  );
}

/** Pure: a large text that looks like another tool's trace is refused before it is parsed. */
export function refuseLargeForeign(text: string, name: string): void {
  if (text.length <= MAX_IMPORT_BYTES) return;
  const head = text.slice(0, 4096);
  if (FOREIGN_HEAD.test(head) && !OWN_HEAD.test(head)) checkImportSize(text.length, name);
}

/** Pure: the import of a JSON Lines text, or null when the text is not JSON Lines. */
export function openJsonLines(text: string, name: string): ForeignTrace | null {
  if (!looksLikeJsonLines(text)) return null;
  checkImportSize(text.length, name);
  const { format, spans } = readJsonLines(text, name);
  return importSpans(spans, format, name);
}

/** Pure: the import of a parsed JSON value of a foreign format, or null when it is none. */
export function openForeignValue(value: unknown, text: string, name: string): ForeignTrace | null {
  const format = detectFormat(value);
  if (format === null) return null;
  checkImportSize(text.length, name);
  const notes = new NoteLog();
  return importSpans(readSpans(format, value, text, name, notes), format, name, notes);
}
