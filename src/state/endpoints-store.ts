/**
 * The endpoints store: the built-in simulated model and the user's OpenAI-compatible endpoints,
 * which one runs use, and each endpoint's "Test connection" result. One per app. API keys live in
 * a map outside the state (`endpoint-keys.ts`: memory only; sessionStorage when the user ticks
 * "remember for this tab"), so they never reach a persisted value, a trace, an export, a log or a
 * URL. Vanilla Zustand; storage, fetch and timers are injected. The records, their checks and
 * their storage form are in `endpoint-records.ts`; the built-in model's speed in `mock-speed.ts`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HttpDeps } from '../engine';
import { loadRunEngine } from './run-engine';
import { createEndpointKeys } from './endpoint-keys';
import {
  BUILTIN_ENDPOINT,
  ENDPOINTS_STORAGE_KEY,
  highestEndpointNumber,
  readStoredEndpoints,
  serialiseEndpoints,
  trimmedEndpoint,
  validateEndpoint,
  type Endpoint,
  type EndpointField,
  type EndpointInput,
  type UserEndpoint,
} from './endpoint-records';
import { MOCK_SPEED_KEY, readStoredSpeed, type MockSpeed } from './mock-speed';
import { tryStorage, type KeyValueStorage } from './try-storage';

export * from './endpoint-origins';
export * from './endpoint-records';
export * from './mock-speed';
export type { KeyValueStorage } from './try-storage';

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

/** How the built-in model reaches the loop: over the OpenAI wire, or in-process as a fallback. */
export type BuiltinTransport = 'wire' | 'in-process';

/** What the endpoints store does; made once with the store (read them with no subscription). */
export interface EndpointsActions {
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
  /** Keeps the endpoint in use across the next reload (the one that connects to a new origin). */
  keepSelectionForReload(): void;
  setBuiltinTransport(transport: BuiltinTransport): void;
}

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
  /**
   * The origins this page may connect to until it reloads (its policy: `app/connect-policy.ts`),
   * or null when nothing limits them (tests, no policy).
   */
  readonly connectOrigins: readonly string[] | null;
  readonly actions: EndpointsActions;
}

export type EndpointsStore = StoreApi<EndpointsState>;

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

function without<T>(record: Readonly<Record<string, T>>, id: string): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => key !== id));
}

/** sessionStorage: the endpoint in use when the user reloaded to connect to it (read once). */
export const SELECTED_AFTER_RELOAD_KEY = 'loopscope.endpoints.selected-after-reload';

/** The endpoint the reload was for, if it is still saved; the note is removed as it is read. */
function selectedAfterReload(session: KeyValueStorage, loaded: readonly UserEndpoint[]): string {
  const id = tryStorage(() => session.getItem(SELECTED_AFTER_RELOAD_KEY)) ?? null;
  tryStorage(() => session.removeItem(SELECTED_AFTER_RELOAD_KEY));
  return loaded.some((endpoint) => endpoint.id === id) ? id! : BUILTIN_ENDPOINT.id;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Creates the app's endpoints store, loading saved endpoints and remembered keys. */
export function createEndpointsStore(deps: EndpointsStoreDeps): EndpointsStore {
  const { storage } = deps;
  let warning: string | null = null;
  let loaded: UserEndpoint[] = [];
  try {
    const read = readStoredEndpoints(storage.getItem(ENDPOINTS_STORAGE_KEY));
    loaded = read.endpoints;
    warning = read.warning;
  } catch (error) {
    warning = `Saved endpoints are unavailable (${describe(error)}); endpoints last until the tab closes.`;
  }
  const keys = createEndpointKeys(deps.session, loaded);
  let counter = highestEndpointNumber(loaded);
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
    const findUser = (id: string) =>
      get().endpoints.find((item): item is UserEndpoint => item.kind === 'user' && item.id === id);

    const actions: EndpointsActions = {
      addEndpoint(input) {
        const problem = validateEndpoint(input);
        if (problem) return { ok: false, ...problem };
        const endpoint = trimmedEndpoint({ ...input, id: createId(), kind: 'user' });
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
        const endpoint = trimmedEndpoint(merged);
        const endpoints = get().endpoints.map((item) => (item.id === id ? endpoint : item));
        set({ endpoints, connection: without(get().connection, id) });
        persist(endpoints);
        keys.sync(endpoint);
        return { ok: true, id };
      },

      removeEndpoint(id) {
        if (!findUser(id)) return;
        const endpoints = get().endpoints.filter((item) => item.id !== id);
        keys.forget(id);
        set({
          endpoints,
          connection: without(get().connection, id),
          keyed: keys.ids(),
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
        keys.set(endpoint, key);
        set({ keyed: keys.ids() });
      },

      keyFor: (id) => keys.get(id),

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
        // The OpenAI client loads with the run code (`run-engine.ts`), not with the page.
        const engine = await loadRunEngine().catch((error: unknown) => error as Error);
        if (engine instanceof Error) {
          const status: ConnectionStatus = {
            state: 'failed',
            message: `The connection test could not load its code: ${engine.message}`,
          };
          return findUser(id) === endpoint ? report(status) : status;
        }
        const result = await engine.testConnection(
          {
            baseUrl: endpoint.baseUrl,
            model: endpoint.model,
            apiKey: keys.get(id),
            protocol: endpoint.protocol,
            includeUsage: endpoint.includeUsage,
            stream: endpoint.stream,
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

      keepSelectionForReload() {
        tryStorage(() => deps.session.setItem(SELECTED_AFTER_RELOAD_KEY, get().selectedId));
      },

      setBuiltinTransport(builtinTransport) {
        set({ builtinTransport });
      },
    };

    return {
      endpoints: [BUILTIN_ENDPOINT, ...loaded],
      selectedId: selectedAfterReload(deps.session, loaded),
      keyed: keys.ids(),
      connection: {},
      storageWarning: warning,
      speed: readStoredSpeed(tryStorage(() => storage.getItem(MOCK_SPEED_KEY)) ?? null),
      builtinTransport: 'wire',
      connectOrigins: deps.http.allowedOrigins ?? null,
      actions,
    };
  });
}

/** Pure: the endpoint runs use (the built-in one when the selected id names none). */
export function selectedEndpoint(
  state: Pick<EndpointsState, 'endpoints' | 'selectedId'>,
): Endpoint {
  return state.endpoints.find((item) => item.id === state.selectedId) ?? BUILTIN_ENDPOINT;
}
