import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../components/view-route';
import { runScenario, scenarioConfig } from '../engine';
import { builtinScenario, builtinScenarios } from '../scenarios';
import {
  createLibraryStore,
  createMemoryLibrary,
  createMemoryStorage,
  createSavedConfigsStore,
  recordOfTrace,
} from '../state';
import { createUrlWriter, followShown, type UrlHistory } from './url-sync';
import { createViewStores } from './view-stores';

/** The browser's history as a list of hashes (the last is shown), its timers run by hand. */
function history(start: string) {
  const entries = [start];
  const timers = new Map<number, () => void>();
  let next = 0;
  const fake: UrlHistory = {
    hash: () => entries.at(-1)!,
    pushState: (hash) => void entries.push(hash),
    replaceState: (hash) => void (entries[entries.length - 1] = hash),
    setTimeout: (run) => {
      timers.set(++next, run);
      return next;
    },
    clearTimeout: (id) => void timers.delete(id ?? -1),
  };
  const runTimers = () => {
    for (const [id, run] of timers) {
      timers.delete(id);
      run();
    }
  };
  return { entries, fake, runTimers };
}

/** The app's view stores over a library holding one kept run; resolves when a link is read. */
async function viewsWithKeptRun() {
  const scenario = builtinScenario('shopops-happy');
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  const record = recordOfTrace(trace, {
    id: 'kept-1',
    scenario,
    origin: { kind: 'live' },
    startedAt: 1,
  });
  const port = createMemoryLibrary();
  await port.put(record);
  const library = createLibraryStore({ open: () => Promise.resolve(port), now: () => 2 });
  await library.getState().actions.load();
  const storage = createMemoryStorage();
  let resolved = () => {};
  const views = createViewStores({
    scenarios: builtinScenarios(),
    firstScenario: 'rca-search-stall',
    deps: {},
    builtin: () => true,
    storage,
    savedConfigs: createSavedConfigsStore({ storage }),
    library,
    onResolved: () => resolved(),
  });
  const read = new Promise<void>((resolve) => (resolved = resolve));
  return { views, read };
}

const LINK = '#/inspect?scenario=shopops-happy&run=kept-1';

/** A page that followed LINK: its view stores, its history, and the URL following the inspector. */
async function followedLink() {
  const { views, read } = await viewsWithKeptRun();
  const { entries, fake, runTimers } = history(LINK);
  const writer = createUrlWriter(fake);
  const route = parseViewHash(LINK);
  writer.saw(LINK);
  views.follow(route, { switching: false });
  followShown(views, route, writer);
  return { views, read, entries, runTimers, writer, route };
}

describe('the URL following the shown view', () => {
  it('names a linked kept run once it is read in, while its view is shown', async () => {
    const { views, read, entries, runTimers, route } = await followedLink();
    await read;
    runTimers();
    expect(views.inspector(route).getState().shown?.id).toBe('kept-1');
    expect(entries.at(-1)).toMatch(/^#\/inspect\?scenario=shopops-happy&run=kept-1/);
  });

  it('stays on the view the user went to when a kept run is read in after they left', async () => {
    const { views, read, entries, runTimers, writer, route } = await followedLink();
    // The user clicks Library while the run is read: the browser shows the new hash at once,
    // and the page follows it; the inspector's store is still watched until React re-renders.
    entries.push('#/library');
    writer.saw('#/library');
    views.follow(parseViewHash('#/library'), { switching: true });
    await read;
    runTimers();
    expect(views.inspector(route).getState().shown?.id).toBe('kept-1');
    expect(entries).toEqual([LINK, '#/library']);
  });
});
