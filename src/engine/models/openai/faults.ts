/**
 * Faults with no HTTP status: no response at all (down, wrong URL or, in a browser, CORS) and
 * the two watchdog limits. Each says what to check.
 */
import { ModelError } from '../spec';
import { triesSummary } from './errors';
import { blockedOriginMessage, httpOrigin } from './origins';
import type { WatchdogLimit } from './signals';
import type { ResolvedDeps } from './types';

/** Where a request went, for messages: origin and path, never a query string. */
export function where(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** A server and the setting that lets a browser page's origin call it. */
export interface CorsHint {
  readonly server: string;
  readonly setting: string;
  readonly example: string;
}

/** Pure: how to allow a page's origin on each local server, as data for the UI. */
export function corsHelp(origin = 'https://your-app.example'): readonly CorsHint[] {
  return [
    {
      server: 'llama.cpp',
      setting: '--cors-origins',
      example: `llama-server --cors-origins ${origin}`,
    },
    {
      server: 'Ollama',
      setting: 'OLLAMA_ORIGINS',
      example: `OLLAMA_ORIGINS=${origin} ollama serve`,
    },
    {
      server: 'vLLM',
      setting: '--allowed-origins',
      example: `vllm serve MODEL --allowed-origins '["${origin}"]'`,
    },
  ];
}

/**
 * Pure: the ModelError for a request (`POST http://…`) that got no response at all; `outcomes`
 * are the tries' results in order (a status or "no response"), so earlier statuses are named.
 */
export function networkError(
  request: string,
  outcomes: readonly string[] = ['no response'],
): ModelError {
  const flags = corsHelp()
    .map((hint) => `${hint.server} ${hint.setting}`)
    .join(', ');
  const summary = triesSummary(outcomes);
  const tried = summary ? ` (${summary})` : '';
  return new ModelError(
    'network',
    `Got no response at all: the server is down, the URL is wrong, or (in a browser) it does not allow this page's origin (CORS). Request: ${request}${tried}. Start the server or fix the base URL; to allow the origin use ${flags}.`,
  );
}

/**
 * Pure: the ModelError for a request the client did not send: its origin is not one the page's
 * policy names (`HttpDeps.allowedOrigins`), so the browser would refuse it as "Failed to fetch".
 */
export function blockedOriginError(url: string): ModelError {
  return new ModelError('origin_not_allowed', blockedOriginMessage(httpOrigin(url) ?? where(url)));
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Pure: the ModelError for a watchdog limit that fired (neither is a total timeout). */
export function timeoutError(limit: WatchdogLimit, deps: ResolvedDeps): ModelError {
  if (limit === 'idle') {
    return new ModelError(
      'stream_idle',
      `No data for ${seconds(deps.idleTimeoutMs)} while the model was answering: the server stalled or the connection hung. Try again; if the server is only slow, raise the endpoint's idle limit (CLI: --idle-timeout SECONDS; in the app: the endpoint's settings).`,
    );
  }
  return new ModelError(
    'first_byte_timeout',
    `No answer within ${seconds(deps.firstByteTimeoutMs)} of sending the request: the server may be overloaded, still loading the model, or working through a long prompt. Try again; if it is only slow, raise the endpoint's first-byte limit (CLI: --first-byte-timeout SECONDS; in the app: the endpoint's settings).`,
  );
}
