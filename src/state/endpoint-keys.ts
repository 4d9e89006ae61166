/**
 * The endpoints' API keys, kept outside any store's state: in memory, and mirrored to
 * sessionStorage for an endpoint whose `rememberKey` is on ("remember for this tab"). So a key
 * never reaches a persisted value, a trace, an export, a log or a URL.
 */
import type { UserEndpoint } from './endpoint-records';
import { tryStorage, type KeyValueStorage } from './try-storage';

const SESSION_KEY_PREFIX = 'loopscope.endpoint-key.';

export interface EndpointKeys {
  /** The endpoint's key, or null when it has none. */
  get(id: string): string | null;
  /** Sets the key (trimmed; null or blank clears it) and brings sessionStorage in step. */
  set(endpoint: UserEndpoint, key: string | null): void;
  /** Forgets the endpoint's key, in memory and in sessionStorage. */
  forget(id: string): void;
  /** Brings sessionStorage in step with the key and the endpoint's (new) `rememberKey`. */
  sync(endpoint: UserEndpoint): void;
  /** Ids of the endpoints that have a key, in the order they got one. */
  ids(): string[];
}

/** Makes the key map, bringing back the remembered keys of `endpoints` from `session`. */
export function createEndpointKeys(
  session: KeyValueStorage,
  endpoints: readonly UserEndpoint[],
): EndpointKeys {
  const keys = new Map<string, string>();
  for (const endpoint of endpoints) {
    if (!endpoint.rememberKey) continue;
    // No sessionStorage: the key is simply not remembered.
    const key = tryStorage(() => session.getItem(SESSION_KEY_PREFIX + endpoint.id));
    if (key) keys.set(endpoint.id, key);
  }
  const write = (id: string, remember: boolean) => {
    // No sessionStorage: the key stays in memory only.
    const key = keys.get(id);
    tryStorage(() =>
      remember && key
        ? session.setItem(SESSION_KEY_PREFIX + id, key)
        : session.removeItem(SESSION_KEY_PREFIX + id),
    );
  };
  return {
    get: (id) => keys.get(id) ?? null,
    set: (endpoint, key) => {
      const trimmed = key?.trim() ?? '';
      if (trimmed) keys.set(endpoint.id, trimmed);
      else keys.delete(endpoint.id);
      write(endpoint.id, endpoint.rememberKey);
    },
    forget: (id) => {
      keys.delete(id);
      write(id, false);
    },
    sync: (endpoint) => write(endpoint.id, endpoint.rememberKey),
    ids: () => [...keys.keys()],
  };
}
