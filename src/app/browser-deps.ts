/** The browser's I/O for the engine and the stores: storage here, fetch and timers from `workers/global-io`. */
import type { HttpDeps } from '../engine';
import { createMemoryStorage, type KeyValueStorage } from '../state';
import { globalHttpDeps } from '../workers/global-io';
import { pageConnectOrigins } from './connect-policy';

/** The page's clock and sleep: the same global-scope I/O the eval worker uses. */
export { realClock as browserClock, sleep } from '../workers/global-io';

/**
 * The page's fetch and timers (the eval worker's too), held to the origins the page's policy
 * allows (`connect-policy.ts`): another origin fails with a message that says to reload.
 */
export const browserHttpDeps: HttpDeps = {
  ...globalHttpDeps,
  allowedOrigins: pageConnectOrigins,
};

/** `localStorage` / `sessionStorage`, or memory when the browser refuses them (privacy modes). */
export function webStorage(kind: 'local' | 'session'): KeyValueStorage {
  try {
    const storage = kind === 'local' ? window.localStorage : window.sessionStorage;
    const probe = 'loopscope.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return createMemoryStorage();
  }
}
