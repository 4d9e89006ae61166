/**
 * The app's long-lived services, made once before the first render: the mock model (started
 * and awaited), the endpoints store, and the runner's browser deps that every run view uses.
 */
import {
  createEndpointsStore,
  selectedEndpoint,
  type EndpointsStore,
  type KeyValueStorage,
  type RunStoreDeps,
} from '../state';
import type { Scenario } from '../engine';
import { EVAL_PRESETS } from '../projections/eval-matrix';
import { createLibraryStore, type LibraryStore } from '../state/library-store';
import { storageErrorOf } from '../storage/storage-errors';
import { createReflectionsStore, type ReflectionsStore } from '../state/reflections-store';
import { createSavedConfigsStore, type SavedConfigsStore } from '../state/saved-configs';
import { browserClock, browserHttpDeps, sleep, webStorage } from './browser-deps';
import {
  browserTokenPort,
  createWorkerTokenCounter,
  type WorkerTokenCounter,
} from './token-counting';
import {
  mockWorkerSettled,
  serviceWorkersAvailable,
  setMockSpeedSoon,
  setMockTokens,
  startMockModel,
  startMockWorker,
  stopMockWorker,
} from './mock-worker';

export interface AppServices {
  readonly endpoints: EndpointsStore;
  readonly runDeps: RunStoreDeps;
  /** localStorage (or memory when refused): the theme and the pane sizes. */
  readonly storage: KeyValueStorage;
  /** Named settings saved from the inspector, picked as eval matrix columns. */
  readonly savedConfigs: SavedConfigsStore;
  /** The runs library: every run kept in IndexedDB (or in memory, with a notice, when refused). */
  readonly library: LibraryStore;
  /** Token counts in the token worker (`runDeps.tokens` is its counter); `warm` loads it early. */
  readonly tokens: WorkerTokenCounter;
  /** The reflection memory: every run's reflections, kept in the library's IndexedDB. */
  readonly reflections: ReflectionsStore;
  /** The user's own scenarios kept in the library as the page starts (one that no longer reads is left out). */
  readonly ownScenarios: readonly Scenario[];
}

/**
 * The scenarios kept in the library, read back: the scenario schema (zod) loads only when
 * there are some, so a page without any starts without it.
 */
async function readKeptScenarios(library: LibraryStore): Promise<readonly Scenario[]> {
  const kept = library.getState().scenarios;
  if (kept.length === 0) return [];
  const { readableScenarios } = await import('../state/kept-scenarios');
  return readableScenarios(kept);
}

/** The browser's IndexedDB; a browser that refuses even to show it (a getter that throws) says why. */
function browserIndexedDB(): { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange } {
  try {
    return { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange };
  } catch (error) {
    throw storageErrorOf(error, 'open');
  }
}

/** The IndexedDB adapter (Dexie): loaded beside the entry, not in it; asked for once. */
let storageLoad: Promise<typeof import('../storage')> | null = null;
const storageModule = () => (storageLoad ??= import('../storage'));

/** The library on the browser's IndexedDB; read before the first render (its scenarios are listed). */
async function openLibrary(): Promise<LibraryStore> {
  const library = createLibraryStore({
    open: async () =>
      (await storageModule()).openRunLibrary({
        ...browserIndexedDB(),
        ...(navigator.storage?.estimate ? { estimate: () => navigator.storage.estimate() } : {}),
      }),
    now: () => Date.now(),
  });
  await library.getState().actions.load();
  // Once a run is kept, ask the browser not to evict the library under storage pressure.
  const release = library.subscribe((state) => {
    if (state.kind !== 'indexeddb' || state.runs.length === 0) return;
    release();
    void navigator.storage?.persist?.().catch(() => false);
  });
  return library;
}

/** The reflection memory on the library's database; read before the first run. */
async function openMemory(): Promise<ReflectionsStore> {
  const reflections = createReflectionsStore({
    open: async () => (await storageModule()).openReflections(browserIndexedDB()),
    now: () => Date.now(),
  });
  await reflections.getState().actions.load();
  return reflections;
}

const warn = (error: unknown) => console.warn('Loopscope: the mock model worker:', error);

/** Starts the mock model and wires the endpoints store to it (speed, start and stop). */
export async function createServices(): Promise<AppServices> {
  // The tokenizer never runs on the page's main thread: the mock's handlers run here, so they
  // count in the token worker too (made at the first count).
  const tokens = createWorkerTokenCounter(browserTokenPort);
  setMockTokens(tokens.counter);
  // The mock starts now and the page renders meanwhile: a run's first call waits for it
  // (`mockReady`). Where it cannot start, the built-in model runs in-process from then on.
  const mockStarted = startMockModel();
  void storageModule().catch(() => undefined); // its download overlaps the mock's start
  const storage = webStorage('local');
  const endpoints = createEndpointsStore({
    storage,
    session: webStorage('session'),
    http: browserHttpDeps,
  });
  // Reloaded to connect to a new endpoint, the page starts on it: its requests skip the mock's worker.
  if (selectedEndpoint(endpoints.getState()).kind === 'user') stopMockWorker().catch(warn);
  const { setBuiltinTransport } = endpoints.getState().actions;
  setBuiltinTransport(serviceWorkersAvailable() ? 'wire' : 'in-process');
  void mockStarted.then(setBuiltinTransport);
  setMockSpeedSoon(endpoints.getState().speed);

  endpoints.subscribe((state, previous) => {
    if (state.speed !== previous.speed) setMockSpeedSoon(state.speed);
    const kind = selectedEndpoint(state).kind;
    if (state.builtinTransport !== 'wire' || kind === selectedEndpoint(previous).kind) return;
    // Real requests should not pass through the mock's worker (see docs/architecture.md).
    (kind === 'builtin' ? startMockWorker() : stopMockWorker()).catch(warn);
  });

  const mockBaseUrl = new URL(`${import.meta.env.BASE_URL}mock/v1`, window.location.origin).href;
  // The chooser is made by the run store once the run code has loaded (`state/run-engine.ts`).
  const models = {
    endpoints,
    http: browserHttpDeps,
    mockBaseUrl,
    mockReady: mockWorkerSettled,
    sleep,
    tokens: tokens.counter,
  };
  const savedConfigs = createSavedConfigsStore({
    storage,
    reserved: EVAL_PRESETS.map((config) => config.label),
  });
  const library = await openLibrary();
  const [reflections, ownScenarios] = await Promise.all([openMemory(), readKeptScenarios(library)]);
  const memory = () => reflections.getState().actions.runMemory();
  const runDeps = { clock: browserClock, models, tokens: tokens.counter, memory };
  return { endpoints, runDeps, storage, savedConfigs, library, tokens, reflections, ownScenarios };
}
