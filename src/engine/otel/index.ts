/** Other tools' traces in: detect the format, read the spans, make Loopscope steps. Pure. */
export { importSpans, type ForeignTrace } from './import';
export { detectFormat, looksLikeJsonLines, readJsonLines, readSpans } from './detect';
export {
  FORMAT_LABELS,
  NoteLog,
  type ForeignFormat,
  type ImportNote,
  type ImportNoteCode,
} from './model';
export type { SpanRow, UnmappedSpan } from './span-rows';
export type { SpanType } from './classify';
