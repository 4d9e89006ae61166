/** The typed error of the trace loaders. */
import { shownPath, type TextLocation } from '../scenario/errors';

/**
 * Stable codes: the text is not JSON, nests deeper than the engine reads, holds a forbidden key,
 * is a trace of a later version than this build reads, or is JSON but not a valid trace.
 */
export type TraceErrorCode =
  'invalid_json' | 'too_deep' | 'forbidden_key' | 'newer_version' | 'invalid_trace';

/** Thrown by the trace loaders; `message` is one line, `<JSON path>: <what is wrong>`. */
export class TraceError extends Error {
  constructor(
    readonly code: TraceErrorCode,
    readonly path: string,
    /** What is wrong, without the path. */
    readonly problem: string,
    readonly location?: TextLocation,
  ) {
    super(`${shownPath(path)}: ${problem}`);
    this.name = 'TraceError';
  }
}
