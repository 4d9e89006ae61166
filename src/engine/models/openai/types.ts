/**
 * What the OpenAI-compatible client is given: the endpoint a user chose, and every piece of I/O
 * (fetch, sleep, timers, randomness, clock) injected, so the engine stays free of globals.
 */

/** One OpenAI-compatible endpoint: OpenAI, llama.cpp `llama-server`, vLLM, Ollama's `/v1`. */
export interface EndpointSettings {
  /** Base URL such as `http://127.0.0.1:8080/v1`; requests go to `{baseUrl}/chat/completions`. */
  readonly baseUrl: string;
  readonly model: string;
  /** Bearer key, or null. It goes only into the `Authorization` header, never anywhere else. */
  readonly apiKey: string | null;
  /** `text`: the loop's parsed text protocol; `tools`: native function calling. */
  readonly protocol: 'text' | 'tools';
  /** Send `stream_options.include_usage` (some providers reject it with a 400). */
  readonly includeUsage: boolean;
  /**
   * Stream the reply (absent: true). false sends `stream: false` and no `stream_options`, and the
   * reply is read as one JSON completion: for servers that do not stream tool calls, or stream
   * them badly. The first-byte limit then covers the whole reply.
   */
  readonly stream?: boolean;
  /** OpenAI's `seed` for reproducible sampling (the simulated model reads it too); omitted if unset. */
  readonly seed?: number;
  /** How long to wait for the reply's first byte, in ms (default 60 s): a slow server needs more. */
  readonly firstByteTimeoutMs?: number;
  /** How long a reply may go silent once bytes flowed, in ms (default 90 s). */
  readonly idleTimeoutMs?: number;
}

/** The client's I/O, injected: the browser, the CLI and tests each pass their own. */
export interface HttpDeps {
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Backoff waits; should reject (or resolve early) when `signal` aborts. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Starts a timer and returns its cancel function (idle watchdog, time-to-first-byte limit). */
  readonly setTimer: (ms: number, callback: () => void) => () => void;
  /** Jitter source, in [0, 1). */
  readonly random: () => number;
  /** Wall clock in ms since the epoch; without it, `Retry-After` HTTP dates are ignored. */
  readonly now?: () => number;
  /** No byte for this long after the first one aborts the stream (default 90 s; pings reset it). */
  readonly idleTimeoutMs?: number;
  /** No body byte this long after the request is sent aborts it (default 60 s). */
  readonly firstByteTimeoutMs?: number;
  /** Retries after a retryable HTTP status or a network failure (default 2). */
  readonly maxRetries?: number;
  /**
   * The origins requests may go to (`origins.ts`): the page's own and the endpoints its policy
   * names. A URL of another origin fails with `origin_not_allowed` before any fetch. Absent: any.
   */
  readonly allowedOrigins?: readonly string[];
}

/** Above llama.cpp's 30 s `: ping` interval, so a healthy but slow server is never cut. */
export const DEFAULT_IDLE_TIMEOUT_MS = 90_000;
/** Prompt processing on a CPU can take a while before the first token. */
export const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 60_000;
/** A few tries, as openai-node does: enough for a blip, not enough to hammer a struggling server. */
export const DEFAULT_MAX_RETRIES = 2;
/**
 * A reply longer than this many characters (text, reasoning and tool calls together) is stopped
 * as `reply_too_large`: about 250,000 tokens, beyond any step's completion, and a bound on what a
 * hostile or looping server can make the client and the page hold.
 */
export const MAX_REPLY_CHARS = 1_000_000;
/** One SSE event larger than this is not a chat chunk: the stream is rejected. */
export const MAX_EVENT_CHARS = 1_000_000;

/** The deps with every default filled in. */
export type ResolvedDeps = Required<Omit<HttpDeps, 'now' | 'allowedOrigins'>> &
  Pick<HttpDeps, 'now' | 'allowedOrigins'>;

/** The first-byte and idle limits an endpoint may set: at least 1 s, at most 1 hour. */
export const TIMEOUT_LIMITS_MS = { min: 1_000, max: 3_600_000 } as const;

/** Pure: fills in the defaults of the optional limits; an endpoint's own limits come first. */
export function resolveDeps(
  deps: HttpDeps,
  endpoint: Pick<EndpointSettings, 'firstByteTimeoutMs' | 'idleTimeoutMs'> = {},
): ResolvedDeps {
  return {
    ...deps,
    idleTimeoutMs: endpoint.idleTimeoutMs ?? deps.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    firstByteTimeoutMs:
      endpoint.firstByteTimeoutMs ?? deps.firstByteTimeoutMs ?? DEFAULT_FIRST_BYTE_TIMEOUT_MS,
    maxRetries: deps.maxRetries ?? DEFAULT_MAX_RETRIES,
  };
}
