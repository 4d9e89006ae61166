import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setMockSpeed } from '../../mocks/handlers';
import { MOCK_BASE_URL, nodeHttpDeps, server } from '../../mocks/node';
import { toTraceJson } from '../engine';
import { builtinScenarios } from '../scenarios';
import {
  BUILTIN_ENDPOINT,
  ENDPOINTS_STORAGE_KEY,
  MOCK_SPEED_KEY,
  createEndpointsStore,
  originsToReload,
  readStoredSpeed,
  serialiseEndpoints,
  type EndpointInput,
  type EndpointsStore,
} from './endpoints-store';
import { createMemoryStorage, type MemoryStorage } from './memory-storage';
import { createModelChooser } from './run-model';
import { createRunStore } from './run-store';

beforeAll(() => {
  setMockSpeed(0);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const LOCAL: EndpointInput = {
  name: 'Local llama.cpp',
  baseUrl: 'http://127.0.0.1:8080/v1',
  model: 'qwen2.5-7b-instruct',
  protocol: 'text',
  includeUsage: true,
  stream: true,
  rememberKey: false,
};
const KEY = 'sk-test-4f9c2a7be1d04c55';

function setup(storage: MemoryStorage = createMemoryStorage(), session = createMemoryStorage()) {
  const store = createEndpointsStore({ storage, session, http: nodeHttpDeps });
  return { store, storage, session };
}

/** Adds a valid endpoint and returns its id. */
function add(store: EndpointsStore, input: EndpointInput): string {
  const outcome = store.getState().actions.addEndpoint(input);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.id;
}

describe('the built-in model’s speed', () => {
  it('is kept across reloads; a stored value that is not a speed gives the default', () => {
    const { store, storage } = setup();
    expect(store.getState().speed).toBe(2);
    store.getState().actions.setSpeed(0);
    expect(setup(storage).store.getState().speed).toBe(0);
    expect(readStoredSpeed('5')).toBe(5);
    for (const raw of [null, '', '3', 'fast', '-1']) expect(readStoredSpeed(raw)).toBe(2);
    storage.setItem(MOCK_SPEED_KEY, 'warp');
    expect(setup(storage).store.getState().speed).toBe(2);
  });
});

describe('endpoints store', () => {
  describe('at the start', () => {
    it('offers the built-in simulated model, selected, and no warning', () => {
      const state = setup().store.getState();
      expect(state.endpoints).toEqual([BUILTIN_ENDPOINT]);
      expect(state.selectedId).toBe('builtin');
      expect(state.storageWarning).toBeNull();
      expect(state.speed).toBe(2);
    });

    it('lists the endpoints saved by an earlier visit', () => {
      const storage = createMemoryStorage();
      add(setup(storage).store, LOCAL);
      const names = setup(storage)
        .store.getState()
        .endpoints.map((item) => item.name);
      expect(names).toEqual(['Built-in simulated model', 'Local llama.cpp']);
    });

    it.each([
      ['not JSON', '{oops'],
      ['another version', JSON.stringify({ version: 9, endpoints: [] })],
      [
        'an endpoint with a missing field',
        JSON.stringify({ version: 1, endpoints: [{ id: 'x' }] }),
      ],
      ['a bare array', '[]'],
    ])('ignores a saved value that is %s, with a warning', (_, raw) => {
      const { store } = setup(createMemoryStorage({ [ENDPOINTS_STORAGE_KEY]: raw }));
      expect(store.getState().endpoints).toEqual([BUILTIN_ENDPOINT]);
      expect(store.getState().storageWarning).toMatch(/could not be read/);
    });

    it('carries on when storage itself throws', () => {
      const broken = {
        ...createMemoryStorage(),
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      };
      const { store } = setup(broken);
      expect(store.getState().storageWarning).toMatch(/unavailable/);
      const result = store.getState().actions.addEndpoint(LOCAL);
      expect(result.ok).toBe(true);
      expect(store.getState().storageWarning).toMatch(/could not be saved.*QuotaExceededError/);
    });
  });

  describe('adding and changing an endpoint', () => {
    it.each([
      ['name', { name: '  ' }, /^Name:/],
      ['baseUrl', { baseUrl: 'localhost:8080' }, /^Base URL:.*http/],
      ['baseUrl', { baseUrl: 'ftp://example.com/v1' }, /^Base URL:/],
      ['baseUrl', { baseUrl: 'https://user:pw@example.com/v1' }, /^Base URL:.*password/],
      ['model', { model: '' }, /^Model:/],
    ] as const)('refuses a bad %s with a message naming the field', (field, patch, message) => {
      const result = setup()
        .store.getState()
        .actions.addEndpoint({ ...LOCAL, ...patch });
      expect(result).toMatchObject({ ok: false, field });
      if (!result.ok) expect(result.message).toMatch(message);
    });

    it('saves a valid endpoint under one versioned key', () => {
      const { store, storage } = setup();
      add(store, { ...LOCAL, name: '  Local  ' });
      const saved = JSON.parse(storage.getItem(ENDPOINTS_STORAGE_KEY) ?? 'null');
      expect(saved.version).toBe(1);
      expect(saved.endpoints).toEqual([
        { id: 'endpoint-1', kind: 'user', ...LOCAL, name: 'Local' },
      ]);
    });

    it('validates an update and keeps the endpoint unchanged when it is wrong', () => {
      const { store } = setup();
      const id = add(store, LOCAL);
      const wrong = store.getState().actions.updateEndpoint(id, { baseUrl: 'nope' });
      expect(wrong).toMatchObject({ ok: false, field: 'baseUrl' });
      expect(store.getState().actions.updateEndpoint(id, { model: 'llama3' })).toEqual({
        ok: true,
        id,
      });
      expect(store.getState().endpoints[1]).toMatchObject({
        model: 'llama3',
        baseUrl: LOCAL.baseUrl,
      });
    });

    it('removing the selected endpoint selects the built-in model again', () => {
      const { store, session } = setup();
      const id = add(store, { ...LOCAL, rememberKey: true });
      store.getState().actions.setKey(id, KEY);
      store.getState().actions.selectEndpoint(id);
      store.getState().actions.removeEndpoint(id);
      expect(store.getState().selectedId).toBe('builtin');
      expect(store.getState().actions.keyFor(id)).toBeNull();
      expect([...session.entries().values()]).not.toContain(KEY);
    });

    it('ignores a selection of an endpoint it does not have', () => {
      const { store } = setup();
      store.getState().actions.selectEndpoint('ghost');
      expect(store.getState().selectedId).toBe('builtin');
    });
  });

  describe('API keys', () => {
    it('keeps a key in memory only, unless the user asks to remember it for the tab', () => {
      const { store, session } = setup();
      const id = add(store, LOCAL);
      store.getState().actions.setKey(id, KEY);
      expect(store.getState().actions.keyFor(id)).toBe(KEY);
      expect(store.getState().keyed).toEqual([id]);
      expect(session.entries().size).toBe(0);

      store.getState().actions.updateEndpoint(id, { rememberKey: true });
      expect([...session.entries().values()]).toEqual([KEY]);
      store.getState().actions.updateEndpoint(id, { rememberKey: false });
      expect(session.entries().size).toBe(0);
    });

    it('brings a remembered key back in a new store of the same tab', () => {
      const storage = createMemoryStorage();
      const session = createMemoryStorage();
      const first = setup(storage, session).store;
      const id = add(first, { ...LOCAL, rememberKey: true });
      first.getState().actions.setKey(id, KEY);
      expect(setup(storage, session).store.getState().actions.keyFor(id)).toBe(KEY);
      expect(setup(storage, createMemoryStorage()).store.getState().actions.keyFor(id)).toBeNull();
    });

    it('never puts the key in localStorage, the endpoint list or a run trace', async () => {
      const { store, storage } = setup();
      const id = add(store, {
        ...LOCAL,
        name: 'Mock with a key',
        baseUrl: MOCK_BASE_URL,
        model: 'sim/rca-search-stall',
        rememberKey: true,
      });
      store.getState().actions.setKey(id, KEY);
      store.getState().actions.selectEndpoint(id);

      const headers: string[] = [];
      server.events.on('request:start', ({ request }) => {
        headers.push(request.headers.get('authorization') ?? '');
      });
      const model = createModelChooser({
        endpoints: store,
        http: nodeHttpDeps,
        mockBaseUrl: MOCK_BASE_URL,
      });
      const runs = createRunStore(
        { scenarioId: 'rca-search-stall' },
        { scenarios: builtinScenarios(), deps: { model } },
      );
      const trace = await runs.getState().actions.run();
      server.events.removeAllListeners();

      expect(trace?.stopReason).toBe('answer');
      expect(headers.length).toBeGreaterThan(0);
      expect(headers.every((header) => header === `Bearer ${KEY}`)).toBe(true);
      expect(JSON.stringify(toTraceJson(trace!))).not.toContain(KEY);
      expect(JSON.stringify(runs.getState().events)).not.toContain(KEY);
      expect([...storage.entries().values()].join('\n')).not.toContain(KEY);
      expect(serialiseEndpoints(store.getState().endpoints)).not.toContain(KEY);
      expect(JSON.stringify(store.getState())).not.toContain(KEY);
    });
  });

  describe('Test connection', () => {
    it('reports in words that the endpoint answers and lists the model', async () => {
      const { store } = setup();
      const id = add(store, {
        ...LOCAL,
        baseUrl: MOCK_BASE_URL,
        model: 'sim/rca-search-stall',
      });
      const testing = store.getState().actions.testConnection(id);
      expect(store.getState().connection[id]?.state).toBe('testing');
      const status = await testing;
      expect(status.state).toBe('ok');
      expect(status.message).toMatch(/^Connected: \d+ models, including sim\/rca-search-stall\.$/);
      expect(store.getState().connection[id]).toEqual(status);
    });

    it('explains a server that does not answer', async () => {
      server.use(http.get('http://down.test/v1/models', () => HttpResponse.error()));
      const { store } = setup();
      const id = add(store, { ...LOCAL, baseUrl: 'http://down.test/v1' });
      const status = await store.getState().actions.testConnection(id);
      expect(status.state).toBe('failed');
      expect(status.message).toMatch(/down\.test/);
    });

    it('says a 401 means the key', async () => {
      server.use(
        http.get('http://locked.test/v1/models', () =>
          HttpResponse.json({ error: { message: 'Invalid API key' } }, { status: 401 }),
        ),
      );
      const { store } = setup();
      const id = add(store, { ...LOCAL, baseUrl: 'http://locked.test/v1' });
      store.getState().actions.setKey(id, KEY);
      const status = await store.getState().actions.testConnection(id);
      expect(status.state).toBe('failed');
      expect(status.message).toMatch(/401.*API key/);
      expect(status.message).not.toContain(KEY);
    });
  });
});

describe('endpoints the page cannot reach until it reloads (its connect policy)', () => {
  const PAGE = 'http://127.0.0.1:4173';
  const limited = (storage = createMemoryStorage(), session = createMemoryStorage()) =>
    createEndpointsStore({
      storage,
      session,
      http: { ...nodeHttpDeps, allowedOrigins: [PAGE, 'http://127.0.0.1:8080'] },
    });

  it("names each new origin once, and none the page's policy already names", () => {
    const store = limited();
    add(store, LOCAL);
    expect(originsToReload(store.getState())).toEqual([]);
    add(store, { ...LOCAL, name: 'Hosted', baseUrl: 'https://api.example/v1' });
    add(store, { ...LOCAL, name: 'Hosted 2', baseUrl: 'https://api.example/other/v1' });
    expect(originsToReload(store.getState())).toEqual(['https://api.example']);
  });

  it('a changed URL needs the reload too; removing the endpoint needs none', () => {
    const store = limited();
    const id = add(store, LOCAL);
    store.getState().actions.updateEndpoint(id, { baseUrl: 'http://127.0.0.1:9090/v1' });
    expect(originsToReload(store.getState())).toEqual(['http://127.0.0.1:9090']);
    store.getState().actions.removeEndpoint(id);
    expect(originsToReload(store.getState())).toEqual([]);
  });

  it('nothing to reload for when no policy limits the origins', () => {
    const { store } = setup();
    add(store, { ...LOCAL, baseUrl: 'https://anywhere.example/v1' });
    expect(store.getState().connectOrigins).toBeNull();
    expect(originsToReload(store.getState())).toEqual([]);
  });

  it('Test connection says to reload, with the origin, and sends nothing', async () => {
    const store = limited();
    const id = add(store, { ...LOCAL, baseUrl: `${MOCK_BASE_URL}` });
    const status = await store.getState().actions.testConnection(id);
    expect(status).toMatchObject({ state: 'failed', code: 'origin_not_allowed' });
    expect(status.message).toContain(`Reload to connect to ${new URL(MOCK_BASE_URL).origin}.`);
  });

  it('the endpoint in use when the user reloads is in use after it, once', () => {
    const storage = createMemoryStorage();
    const session = createMemoryStorage();
    const store = limited(storage, session);
    const id = add(store, { ...LOCAL, baseUrl: 'https://api.example/v1' });
    store.getState().actions.selectEndpoint(id);
    store.getState().actions.keepSelectionForReload();
    expect(limited(storage, session).getState().selectedId).toBe(id);
    // A plain reload afterwards starts over on the built-in model, as before.
    expect(limited(storage, session).getState().selectedId).toBe(BUILTIN_ENDPOINT.id);
  });
});
