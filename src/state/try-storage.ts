/** Web Storage that may refuse (quota, privacy settings): what the stores do about it. */

/** The part of the Web Storage API the stores use (localStorage, sessionStorage, memory). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Runs a storage read or write; when storage throws, the result is undefined and the caller goes
 * on without it (a preference then lasts for this page). For failures the user must hear about,
 * catch them where the message is made instead.
 */
export function tryStorage<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}
