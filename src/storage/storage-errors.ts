/**
 * What IndexedDB (and Dexie over it) throws, as the library's `LibraryStorageError`: a stable
 * code and a sentence that says what happened and what to do (the sentences are the state
 * layer's, `state/library-problems.ts`). Pure.
 */
import { libraryError, LibraryStorageError } from '../state';

/** The error and the ones it wraps (Dexie's `inner`, a standard `cause`), outermost first. */
function* chain(error: unknown): Generator<{ name?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const link = current as { name?: unknown; message?: unknown; inner?: unknown; cause?: unknown };
    yield link;
    current = link.inner ?? link.cause;
  }
}

const REFUSED_NAMES = new Set(['SecurityError', 'MissingAPIError', 'InvalidStateError']);
const BLOCKED_NAMES = new Set(['VersionChangeError', 'DatabaseClosedError']);

/**
 * Pure: the library error for what storage threw. A quota error anywhere in the chain is `full`
 * (Chrome reports some as an `AbortError` around a `QuotaExceededError`); it says what was
 * being done (`during`: opening, or later), since a closed database means another tab's upgrade only after
 * it opened.
 */
export function storageErrorOf(error: unknown, during: 'open' | 'use'): LibraryStorageError {
  if (error instanceof LibraryStorageError) return error;
  const names = [...chain(error)].map((link) => String(link.name ?? ''));
  const messages = [...chain(error)].map((link) => String(link.message ?? ''));
  if (names.includes('QuotaExceededError') || messages.some((text) => /quota/i.test(text))) {
    return libraryError('full', error);
  }
  if (names.includes('VersionError')) return libraryError('newer', error);
  // Our own migration failed: the database is there but not readable as ours.
  if (names.includes('UpgradeError')) return libraryError('broken', error);
  if (during === 'open' && names.some((name) => REFUSED_NAMES.has(name))) {
    return libraryError('refused', error);
  }
  if (during === 'use' && names.some((name) => BLOCKED_NAMES.has(name))) {
    return libraryError('blocked', error);
  }
  return libraryError(during === 'open' ? 'refused' : 'broken', error);
}

/**
 * The guard every store over the library's database runs its work through: when another tab
 * opens a later schema, the database steps aside (that tab waits for it) and every later call
 * fails as `blocked` (`onBlocked` hears it once); anything storage throws becomes a library error.
 */
export function guardDatabase(
  db: { close(): void; on(event: 'versionchange', listener: () => boolean): unknown },
  onBlocked: (error: LibraryStorageError) => void = () => {},
): <T>(work: () => Promise<T>) => Promise<T> {
  let closedBy: LibraryStorageError | null = null;
  db.on('versionchange', () => {
    db.close();
    closedBy = libraryError('blocked');
    onBlocked(closedBy);
    return false;
  });
  return async (work) => {
    if (closedBy) throw closedBy;
    try {
      return await work();
    } catch (error) {
      throw closedBy ?? storageErrorOf(error, 'use');
    }
  };
}
