/**
 * The open worker's message contract: a file (or pasted text) in; progress while it is read and
 * parsed; the engine's reading of it (`OpenedFile`, plain data) or the FileError's fields out.
 */
import type { FileErrorCode, OpenedFile } from '../engine';

export interface OpenWorkerRequest {
  readonly id: number;
  /** A picked or dropped File (cloned to the worker, not copied), or text already in hand. */
  readonly source: Blob | string;
  /** The file's name: it words every message. */
  readonly name: string;
  /**
   * Say (`scanned`) as soon as the file is read whether the hardened reader's pre-scan (depth,
   * forbidden keys) finds it clean: the page parses its own copy of a native trace meanwhile and
   * shows it once both are good, without waiting for the worker's answer (a structured clone of a
   * 100,000-step trace cost the page more than parsing the file).
   */
  readonly scan?: boolean;
}

/** A FileError as its fields (an Error's class does not survive a structured clone). */
export interface FileErrorFields {
  readonly code: FileErrorCode;
  readonly fileName: string;
  readonly path: string;
  readonly problem: string;
  readonly location?: { readonly line: number; readonly column: number };
}

export type OpenWorkerResponse =
  /** Bytes of the file read so far, of `total`. */
  | {
      readonly id: number;
      readonly stage: 'reading';
      readonly bytes: number;
      readonly total: number;
    }
  /** Read: the JSON is being parsed and checked. */
  | { readonly id: number; readonly stage: 'parsing' }
  | { readonly id: number; readonly stage: 'opened'; readonly opened: OpenedFile }
  /** (`scan` asked) The pre-scan's verdict: `clean`, no nesting too deep and no forbidden key. */
  | { readonly id: number; readonly stage: 'scanned'; readonly clean: boolean }
  | { readonly id: number; readonly stage: 'refused'; readonly error: FileErrorFields }
  /** Anything else that went wrong (a bug, the file unreadable): its message. */
  | { readonly id: number; readonly stage: 'failed'; readonly message: string };
