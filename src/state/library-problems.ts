/**
 * What a user reads when the runs library cannot keep runs: one sentence or two per problem,
 * what happened and what to do. Storage adapters make their errors here; the library store
 * shows them as its one notice.
 */
import { LibraryStorageError, type LibraryProblemCode } from './library-types';

/** What the user reads for each problem. */
export const PROBLEM_MESSAGES: Readonly<Record<LibraryProblemCode, string>> = {
  refused:
    'This browser does not let Loopscope keep runs (a private window or a storage setting). ' +
    'Runs are kept in memory until you close the tab; export the ones you want to keep.',
  full:
    'The browser has no room left to keep runs. Clear old runs in the library, or export the ' +
    'unsaved ones; until then new runs are kept in memory only.',
  newer:
    'The runs library was written by a newer version of Loopscope, so this one leaves it as it ' +
    'is. Reload to get the newer version; until then runs are kept in memory only.',
  blocked:
    'Loopscope was updated in another tab, so this tab stopped saving runs. Reload this tab to ' +
    'keep saving; until then runs are kept in memory only.',
  broken:
    'The runs library could not be read or written. Runs are kept in memory until you close the ' +
    'tab; export the ones you want to keep, then reload to try again.',
};

/** Pure: a library error of `code`, with its message and the error that caused it. */
export function libraryError(code: LibraryProblemCode, cause?: unknown): LibraryStorageError {
  return new LibraryStorageError(code, PROBLEM_MESSAGES[code], cause);
}
