/**
 * The endpoint records the endpoints store keeps: the built-in simulated model and the user's
 * OpenAI-compatible endpoints (never a key), how a new one is checked, and how they are written
 * to and read back from storage. Pure: no store, no storage here.
 */

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
  /**
   * Stream replies ("Stream replies"); off: each reply arrives whole (for a server that does not
   * stream tool calls, or streams them badly). An endpoint saved before the option streams.
   */
  readonly stream: boolean;
  /** Keep the key in sessionStorage ("remember for this tab"); otherwise memory only. */
  readonly rememberKey: boolean;
  /** How long to wait for a reply's first byte, in ms; absent: the client's 60 s. */
  readonly firstByteTimeoutMs?: number;
  /** How long a reply may go silent once bytes flowed, in ms; absent: the client's 90 s. */
  readonly idleTimeoutMs?: number;
}

export type Endpoint = BuiltinEndpoint | UserEndpoint;
export type EndpointInput = Omit<UserEndpoint, 'id' | 'kind'>;
export type EndpointField = 'name' | 'baseUrl' | 'model' | EndpointLimit;
/** The endpoint's own watchdog limits (see the engine's `EndpointSettings`). */
export type EndpointLimit = 'firstByteTimeoutMs' | 'idleTimeoutMs';

/** Each limit's name in the form, and the client's default when the field is left empty. */
export const LIMIT_FIELDS: Record<
  EndpointLimit,
  { readonly label: string; readonly defaultS: number }
> = {
  firstByteTimeoutMs: { label: 'First-byte limit (s)', defaultS: 60 },
  idleTimeoutMs: { label: 'Idle limit (s)', defaultS: 90 },
};
/** A limit from 1 s to 1 hour (as the CLI's --first-byte-timeout and --idle-timeout). */
const LIMIT_RANGE_MS = { min: 1_000, max: 3_600_000 } as const;

const validLimit = (value: unknown): boolean =>
  value === undefined ||
  (typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= LIMIT_RANGE_MS.min &&
    value <= LIMIT_RANGE_MS.max);

/** Pure: the endpoint's limits that are set, to spread into the engine's EndpointSettings. */
export function endpointLimits(
  endpoint: Pick<UserEndpoint, EndpointLimit>,
): Pick<UserEndpoint, EndpointLimit> {
  return {
    ...(endpoint.firstByteTimeoutMs !== undefined
      ? { firstByteTimeoutMs: endpoint.firstByteTimeoutMs }
      : {}),
    ...(endpoint.idleTimeoutMs !== undefined ? { idleTimeoutMs: endpoint.idleTimeoutMs } : {}),
  };
}

/** The one localStorage key; the version is inside the value too. */
export const ENDPOINTS_STORAGE_KEY = 'loopscope.endpoints.v1';
const FIELD_NAMES: Record<'name' | 'baseUrl' | 'model', string> = {
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
  for (const field of ['firstByteTimeoutMs', 'idleTimeoutMs'] as const) {
    if (validLimit(input[field])) continue;
    const { label, defaultS } = LIMIT_FIELDS[field];
    return {
      field,
      message: `${label.replace(' (s)', '')}: enter a number of seconds from 1 to 3600, or leave it empty for ${defaultS} s.`,
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
    (item['stream'] === undefined || typeof item['stream'] === 'boolean') &&
    typeof item['rememberKey'] === 'boolean' &&
    validLimit(item['firstByteTimeoutMs']) &&
    validLimit(item['idleTimeoutMs'])
  );
}

/** Pure: only the fields of an endpoint, whatever else an object carries (defaults filled in). */
export function cleanEndpoint(endpoint: UserEndpoint): UserEndpoint {
  const { id, name, baseUrl, model, protocol, includeUsage, rememberKey } = endpoint;
  return {
    id,
    kind: 'user',
    name,
    baseUrl,
    model,
    protocol,
    includeUsage,
    // Absent in an endpoint saved before the option: it streams, as it always did.
    stream: endpoint.stream !== false,
    rememberKey,
    ...endpointLimits(endpoint),
  };
}

/** Pure: the endpoint with its text fields trimmed and nothing but its fields. */
export function trimmedEndpoint(endpoint: UserEndpoint): UserEndpoint {
  return cleanEndpoint({
    ...endpoint,
    name: endpoint.name.trim(),
    baseUrl: endpoint.baseUrl.trim(),
    model: endpoint.model.trim(),
  });
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
  return { endpoints: stored.endpoints.map(cleanEndpoint), warning: null };
}

/** Pure: what persists: the user's endpoints, field by field (never a key). */
export function serialiseEndpoints(endpoints: readonly Endpoint[]): string {
  const users = endpoints
    .filter((item): item is UserEndpoint => item.kind === 'user')
    .map(cleanEndpoint);
  return JSON.stringify({ version: 1, endpoints: users });
}

/** Pure: the highest `endpoint-<n>` number among the ids, 0 when none has that form. */
export function highestEndpointNumber(endpoints: readonly UserEndpoint[]): number {
  return endpoints.reduce((max, endpoint) => {
    const number = /^endpoint-(\d+)$/.exec(endpoint.id)?.[1];
    return number ? Math.max(max, Number(number)) : max;
  }, 0);
}
