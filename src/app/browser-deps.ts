/** The browser's I/O for the engine and the stores: storage here, fetch and timers from `workers/global-io`. */
import { createMemoryStorage, type KeyValueStorage } from '../state';

/** The page's fetch, timers and clock: the same global-scope I/O the eval worker uses. */
export {
  globalHttpDeps as browserHttpDeps,
  realClock as browserClock,
  sleep,
} from '../workers/global-io';

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
