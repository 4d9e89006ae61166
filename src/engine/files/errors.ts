/** The one error a file that cannot be opened gives, and the size every file is held to. */
import { shownPath, type TextLocation } from '../scenario/errors';

/** Largest file Loopscope opens (200 MiB): a 10,000-step trace is far below it. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

/** Stable codes of a file that cannot be opened. */
export type FileErrorCode =
  | 'too_large'
  | 'invalid_json'
  | 'too_deep'
  | 'forbidden_key'
  | 'unknown_format'
  | 'newer_version'
  | 'invalid_trace'
  | 'invalid_scenario';

/**
 * Thrown by the opener and by {@link checkFileSize}. `message` is one line a user can act on:
 * the file's name, where (JSON path, and line when known) and the problem.
 */
export class FileError extends Error {
  constructor(
    readonly code: FileErrorCode,
    readonly fileName: string,
    /** The JSON path of the problem (`$` for the whole file). */
    readonly path: string,
    /** What is wrong, without the file's name or the path. */
    readonly problem: string,
    readonly location?: TextLocation,
  ) {
    super(`${fileName}: ${describe(code, path, problem, location)}`);
    this.name = 'FileError';
  }
}

const lineOf = (location: TextLocation): string =>
  `line ${location.line}, column ${location.column}`;

function describe(
  code: FileErrorCode,
  path: string,
  problem: string,
  location: TextLocation | undefined,
): string {
  if (code === 'invalid_json') {
    return `not JSON (${location ? `${lineOf(location)}: ` : ''}${problem})`;
  }
  const where = path === '$' ? '' : `${shownPath(path)}: `;
  return `${where}${problem}${location ? ` (${lineOf(location)})` : ''}`;
}

/** A size in words, to a tenth of a MB rounded up ("a 100.1 MB file" is never "100 MB"). */
export const megabytes = (bytes: number): string =>
  `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Pure: throws a FileError `too_large` when a file of `bytes` is above {@link MAX_FILE_BYTES}.
 * Call it before reading anything (the browser has File.size, the CLI stats the file).
 */
export function checkFileSize(bytes: number, name: string): void {
  if (bytes <= MAX_FILE_BYTES) return;
  throw new FileError(
    'too_large',
    name,
    '$',
    `${megabytes(bytes)}, larger than the ${MAX_FILE_BYTES / 1024 / 1024} MB Loopscope opens`,
  );
}
