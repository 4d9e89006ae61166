/**
 * The endpoints store: the built-in simulated model and the user's OpenAI-compatible endpoints,
 * which one runs use, and each endpoint's "Test connection" result. One per app. API keys live in
 * a map outside the state (memory only; sessionStorage when the user ticks "remember for this
 * tab"), so they never reach a persisted value, a trace, an export, a log or a URL.
 * Vanilla Zustand; storage, fetch and timers are injected.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { testConnection, type HttpDeps } from '../engine';
import { tryStorage } from './try-storage';

export const BUILTIN_ENDPOINT = {
  id: 'builtin',
  name: 'Built-in simulated model',
  kind: 'builtin',
} as const;
export type BuiltinEndpoint = typeof BUILTIN_ENDPOINT;

/** An OpenAI-compatible endpoint the user added. Holds no key. */
export interface UserEndpoint {
  readonly id: string;
  readonly kind: 'user';
  readonly name: string;
  /** Such as `http://127.0.0.1:8080/v1`: requests go to `{baseUrl}/chat/completions`. */
  readonly baseUrl: string;
  readonly model: string;
  readonly protocol: 'text' | 'tools';
  readonly includeUsage: boolean;
  /** Keep the key in sessionStorage ("remember for this tab"); otherwise memory only. */
  readonly rememberKey: boolean;
}

export type Endpoint = BuiltinEndpoint | UserEndpoint;
export type EndpointInput = Omit<UserEndpoint, 'id' | 'kind'>;
export type EndpointField = 'name' | 'baseUrl' | 'model';

export type EndpointResult =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly field: EndpointField; readonly message: string };

/** The outcome of "Test connection", in words. */
export interface ConnectionStatus {
  readonly state: 'testing' | 'ok' | 'failed';
  readonly message: string;
  /** A failed test's stable code (`network`: no response at all, so the CORS help applies). */
  readonly code?: string;
}

/** How fast the built-in model streams (a divisor of its simulated latency; 0: no waiting). */
export type MockSpeed = 0 | 1 | 2 | 5;
const MOCK_SPEEDS: readonly MockSpeed[] = [0, 1, 2, 5];
/** Where the built-in model's speed persists (a preference: a reload keeps it). */
export const MOCK_SPEED_KEY = 'loopscope.mock-speed.v1';

/** Pure: the stored speed, or the default (2×) when there is none or it is not one of the speeds. */
export function readStoredSpeed(raw: string | null): MockSpeed {
  const speed = Number(raw);
  return raw !== null && /^\d$/.test(raw) && (MOCK_SPEEDS as readonly number[]).includes(speed)
    ? (speed as MockSpeed)
    : 2;
}
/** How the built-in model reaches the loop: over the OpenAI wire, or in-process as a fallback. */
export type BuiltinTransport = 'wire' | 'in-process';

export interface EndpointsState {
  /** The built-in endpoint first, then the user's, in the order they were added. */
  readonly endpoints: readonly Endpoint[];
  readonly selectedId: string;
  /** Ids of the endpoints that have a key (the keys themselves stay outside the state). */
  readonly keyed: readonly string[];
  readonly connection: Readonly<Record<string, ConnectionStatus>>;
  /** Set when saved endpoints could not be read or written; the store carries on without them. */
  readonly storageWarning: string | null;
  readonly speed: MockSpeed;
  readonly builtinTransport: BuiltinTransport;

  addEndpoint(input: EndpointInput): EndpointResult;
  updateEndpoint(id: string, patch: Partial<EndpointInput>): EndpointResult;
  removeEndpoint(id: string): void;
  /** Picks the endpoint runs use; an unknown id is ignored. */
  selectEndpoint(id: string): void;
  /** Sets (or, with null or '', clears) an endpoint's key. */
  setKey(id: string, key: string | null): void;
  /** The key of an endpoint, for the request that needs it; null when none. */
  keyFor(id: string): string | null;
  /** Tests the endpoint (lists its models, or sends one short request); never rejects. */
  testConnection(id: string): Promise<ConnectionStatus>;
  setSpeed(speed: MockSpeed): void;
  setBuiltinTransport(transport: BuiltinTransport): void;
}

export type EndpointsStore = StoreApi<EndpointsState>;

/** The part of the Web Storage API the store uses. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface EndpointsStoreDeps {
  /** Where endpoints persist (localStorage in the app). */
  readonly storage: KeyValueStorage;
  /** Where remembered keys go (sessionStorage in the app). */
  readonly session: KeyValueStorage;
  /** The HTTP client's I/O for "Test connection". */
  readonly http: HttpDeps;
  /** New endpoint ids (default: `endpoint-<n>` after the highest stored one). */
  readonly createId?: () => string;
}

/** The one localStorage key; the version is inside the value too. */
export const ENDPOINTS_STORAGE_KEY = 'loopscope.endpoints.v1';
const SESSION_KEY_PREFIX = 'loopscope.endpoint-key.';
const FIELD_NAMES: Record<EndpointField, string> = {
  name: 'Name',
  baseUrl: 'Base URL',
  model: 'Model',
};

/** Pure: the first problem with an endpoint's fields, or null. */
export function validateEndpoint(
  input: EndpointInput,
): { field: EndpointField; message: string } | null {
  if (input.name.trim() === '')
    return { field: 'name', message: 'Name: give the endpoint a name.' };
  let url: URL | null = null;
  try {
    url = new URL(input.baseUrl.trim());
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return {
      field: 'baseUrl',
      message: `${FIELD_NAMES.baseUrl}: enter an http:// or https:// URL, such as http://127.0.0.1:8080/v1.`,
    };
  }
  if (url.username || url.password) {
    return {
      field: 'baseUrl',
      message: `${FIELD_NAMES.baseUrl}: leave the user name and password out; put a key in the API key field.`,
    };
  }
  if (input.model.trim() === '') {
    return {
      field: 'model',
      message: `${FIELD_NAMES.model}: name the model to call, such as gpt-4o-mini or qwen2.5:7b.`,
    };
  }
  return null;
}

function isUserEndpoint(value: unknown): value is UserEndpoint {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item['id'] === 'string' &&
    item['id'] !== BUILTIN_ENDPOINT.id &&
    item['kind'] === 'user' &&
    typeof item['name'] === 'string' &&
    typeof item['baseUrl'] === 'string' &&
    typeof item['model'] === 'string' &&
    (item['protocol'] === 'text' || item['protocol'] === 'tools') &&
    typeof item['includeUsage'] === 'boolean' &&
    typeof item['rememberKey'] === 'boolean'
  );
}

/** Only the fields of an endpoint, whatever else an object carries. */
function clean(endpoint: UserEndpoint): UserEndpoint {
  const { id, name, baseUrl, model, protocol, includeUsage, rememberKey } = endpoint;
  return { id, kind: 'user', name, baseUrl, model, protocol, includeUsage, rememberKey };
}

/** Pure: the stored endpoints, or why they could not be read. */
export function readStoredEndpoints(raw: string | null): {
  endpoints: UserEndpoint[];
  warning: string | null;
} {
  if (raw === null) return { endpoints: [], warning: null };
  const unreadable = (why: string) => ({
    endpoints: [],
    warning: `Your saved endpoints could not be read (${why}), so none are listed. Adding an endpoint saves over them.`,
  });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return unreadable('not valid JSON');
  }
  const stored = value as { version?: unknown; endpoints?: unknown } | null;
  if (typeof stored !== 'object' || stored === null || stored.version !== 1) {
    return unreadable('unknown format or version');
  }
  if (!Array.isArray(stored.endpoints) || !stored.endpoints.every(isUserEndpoint)) {
    return unreadable('an endpoint has missing or wrong fields');
  }
  return { endpoints: stored.endpoints.map(clean), warning: null };
}

/** Pure: what persists: the user's endpoints, field by field (never a key). */
export function serialiseEndpoints(endpoints: readonly Endpoint[]): string {
  const users = endpoints.filter((item): item is UserEndpoint => item.kind === 'user').map(clean);
  return JSON.stringify({ version: 1, endpoints: users });
}

function without<T>(record: Readonly<Record<string, T>>, id: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== id));
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Creates the app's endpoints store, loading saved endpoints and remembered keys. */
export function createEndpointsStore(deps: EndpointsStoreDeps): EndpointsStore {
  const { storage, session } = deps;
  const keys = new Map<string, string>();
  let warning: string | null = null;
  let loaded: UserEndpoint[] = [];
  try {
    const read = readStoredEndpoints(storage.getItem(ENDPOINTS_STORAGE_KEY));
    loaded = read.endpoints;
    warning = read.warning;
  } catch (error) {
    warning = `Saved endpoints are unavailable (${describe(error)}); endpoints last until the tab closes.`;
  }
  for (const endpoint of loaded) {
    if (!endpoint.rememberKey) continue;
    // No sessionStorage: the key is simply not remembered.
    const key = tryStorage(() => session.getItem(SESSION_KEY_PREFIX + endpoint.id));
    if (key) keys.set(endpoint.id, key);
  }
  let counter = loaded.reduce((max, endpoint) => {
    const number = /^endpoint-(\d+)$/.exec(endpoint.id)?.[1];
    return number ? Math.max(max, Number(number)) : max;
  }, 0);
  const createId = deps.createId ?? (() => `endpoint-${++counter}`);

  return createStore<EndpointsState>()((set, get) => {
    const persist = (endpoints: readonly Endpoint[]) => {
      try {
        storage.setItem(ENDPOINTS_STORAGE_KEY, serialiseEndpoints(endpoints));
        if (get().storageWarning) set({ storageWarning: null });
      } catch (error) {
        set({
          storageWarning: `Endpoints could not be saved (${describe(error)}); they last until the tab closes.`,
        });
      }
    };
    /** Keeps sessionStorage in step with the key map and the endpoint's rememberKey. */
    const syncSession = (endpoint: UserEndpoint | undefined, id: string) => {
      // No sessionStorage: the key stays in memory only.
      const key = keys.get(id);
      tryStorage(() =>
        endpoint?.rememberKey && key
          ? session.setItem(SESSION_KEY_PREFIX + id, key)
          : session.removeItem(SESSION_KEY_PREFIX + id),
      );
    };
    const findUser = (id: string) =>
      get().endpoints.find((item): item is UserEndpoint => item.kind === 'user' && item.id === id);
    const withKeyed = () => ({ keyed: [...keys.keys()] });

    return {
      endpoints: [BUILTIN_ENDPOINT, ...loaded],
      selectedId: BUILTIN_ENDPOINT.id,
      keyed: [...keys.keys()],
      connection: {},
      storageWarning: warning,
      speed: readStoredSpeed(tryStorage(() => storage.getItem(MOCK_SPEED_KEY)) ?? null),
      builtinTransport: 'wire',

      addEndpoint(input) {
        const problem = validateEndpoint(input);
        if (problem) return { ok: false, ...problem };
        const endpoint = clean({
          ...input,
          id: createId(),
          kind: 'user',
          name: input.name.trim(),
          baseUrl: input.baseUrl.trim(),
          model: input.model.trim(),
        });
        const endpoints = [...get().endpoints, endpoint];
        set({ endpoints });
        persist(endpoints);
        return { ok: true, id: endpoint.id };
      },

      updateEndpoint(id, patch) {
        const current = findUser(id);
        if (!current) return { ok: false, field: 'name', message: `There is no endpoint "${id}".` };
        const merged = { ...current, ...patch };
        const problem = validateEndpoint(merged);
        if (problem) return { ok: false, ...problem };
        const endpoint = clean({
          ...merged,
          name: merged.name.trim(),
          baseUrl: merged.baseUrl.trim(),
          model: merged.model.trim(),
        });
        const endpoints = get().endpoints.map((item) => (item.id === id ? endpoint : item));
        set({ endpoints, connection: without(get().connection, id) });
        persist(endpoints);
        syncSession(endpoint, id);
        return { ok: true, id };
      },

      removeEndpoint(id) {
        if (!findUser(id)) return;
        const endpoints = get().endpoints.filter((item) => item.id !== id);
        keys.delete(id);
        syncSession(undefined, id);
        set({
          endpoints,
          connection: without(get().connection, id),
          ...withKeyed(),
          selectedId: get().selectedId === id ? BUILTIN_ENDPOINT.id : get().selectedId,
        });
        persist(endpoints);
      },

      selectEndpoint(id) {
        if (get().endpoints.some((item) => item.id === id)) set({ selectedId: id });
      },

      setKey(id, key) {
        const endpoint = findUser(id);
        if (!endpoint) return;
        const trimmed = key?.trim() ?? '';
        if (trimmed) keys.set(id, trimmed);
        else keys.delete(id);
        syncSession(endpoint, id);
        set(withKeyed());
      },

      keyFor: (id) => keys.get(id) ?? null,

      async testConnection(id) {
        const endpoint = findUser(id);
        const report = (status: ConnectionStatus) => {
          set((state) => ({ connection: { ...state.connection, [id]: status } }));
          return status;
        };
        if (!endpoint) {
          return report({
            state: 'ok',
            message: 'The built-in model runs in this page: there is nothing to connect to.',
          });
        }
        report({ state: 'testing', message: 'Testing the connection…' });
        const result = await testConnection(
          {
            baseUrl: endpoint.baseUrl,
            model: endpoint.model,
            apiKey: keys.get(id) ?? null,
            protocol: endpoint.protocol,
            includeUsage: endpoint.includeUsage,
          },
          deps.http,
        );
        const status: ConnectionStatus = {
          state: result.ok ? 'ok' : 'failed',
          message: result.message,
          ...(result.code ? { code: result.code } : {}),
        };
        // The endpoint may have been changed or removed while the test ran: keep no stale result.
        return findUser(id) === endpoint ? report(status) : status;
      },

      setSpeed(speed) {
        set({ speed });
        tryStorage(() => storage.setItem(MOCK_SPEED_KEY, String(speed)));
      },

      setBuiltinTransport(builtinTransport) {
        set({ builtinTransport });
      },
    };
  });
}

/** The endpoint runs use. */
export function selectedEndpoint(state: EndpointsState): Endpoint {
  return state.endpoints.find((item) => item.id === state.selectedId) ?? BUILTIN_ENDPOINT;
}
