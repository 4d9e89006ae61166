/**
 * The OpenAI-compatible model: one streaming `POST {base}/chat/completions` per model call,
 * retried with backoff only before the first body byte, read as SSE under an idle watchdog.
 */
import { ModelError, type ModelAdapter, type ModelStreamPart } from '../spec';
import { blockedOriginError, networkError, timeoutError, where } from './faults';
import { redact, serverError, statusError, statusReason, type ServerError } from './errors';
import { endpointUrl, requestBody, requestHeaders } from './messages';
import { allowsUrl } from './origins';
import { retryDelay, shouldRetry } from './retry';
import { abortReason, anySignal, createWatchdog, raceAbort } from './signals';
import { parseLoose, readReply } from './reply';
import { resolveDeps, type EndpointSettings, type HttpDeps, type ResolvedDeps } from './types';

/** Why one try did not produce a stream: no response at all, or an HTTP error status. */
type Failure =
  | { readonly kind: 'network' }
  | {
      readonly kind: 'http';
      readonly status: number;
      readonly headers: Headers;
      readonly server: ServerError;
    };

/** Creates the adapter for one endpoint. Never throws for the key: it only enters a header. */
export function createOpenAIModel(endpoint: EndpointSettings, httpDeps: HttpDeps): ModelAdapter {
  const deps = resolveDeps(httpDeps, endpoint);
  return {
    name: `openai-compatible:${endpoint.model}`,
    async *stream(request, { signal }) {
      try {
        const url = endpointUrl(endpoint.baseUrl, 'chat/completions');
        if (!allowsUrl(deps.allowedOrigins, url)) throw blockedOriginError(url);
        const body = JSON.stringify(requestBody(endpoint, request));
        const init: RequestInit = {
          method: 'POST',
          headers: requestHeaders(endpoint.apiKey, true),
          body,
        };
        // Asked for a whole reply: read it as JSON whatever its content type says.
        const whole = endpoint.stream === false;
        yield* withRetries(url, init, deps, signal, whole);
      } catch (error) {
        if (signal?.aborted) throw error;
        if (error instanceof ModelError)
          throw new ModelError(error.code, redact(error.message, endpoint.apiKey));
        const message = error instanceof Error ? error.message : String(error);
        throw new ModelError(
          'model_failed',
          `The model call failed: ${redact(message, endpoint.apiKey)}`,
        );
      }
    },
  };
}

async function* withRetries(
  url: string,
  init: RequestInit,
  deps: ResolvedDeps,
  signal: AbortSignal | undefined,
  whole: boolean,
): AsyncGenerator<ModelStreamPart> {
  let networkRetried = false;
  /** Each failed try's status (or "no response"), so the final message can name them all. */
  const outcomes: string[] = [];
  for (let tries = 1; ; tries++) {
    const failure = yield* tryOnce(url, init, deps, signal, whole);
    if (failure === null) return;
    const network = failure.kind === 'network';
    outcomes.push(network ? 'no response' : String(failure.status));
    const retryable = network
      ? !networkRetried
      : shouldRetry(failure.status, failure.headers, failure.server);
    if (!retryable || tries > deps.maxRetries) {
      throw network
        ? networkError(`POST ${where(url)}`, outcomes)
        : statusError(failure.status, failure.server, outcomes);
    }
    networkRetried ||= network;
    const waitMs = retryDelay(tries - 1, network ? null : failure.headers, deps.random, deps.now);
    const reason = network ? 'no response (network error)' : statusReason(failure.status);
    yield { type: 'retry', attempt: tries, waitMs, reason };
    await deps.sleep(waitMs, signal);
    if (signal?.aborted) throw abortReason(signal);
  }
}

/** One HTTP try: the streamed parts, or the failure to judge for a retry (null when done). */
async function* tryOnce(
  url: string,
  init: RequestInit,
  deps: ResolvedDeps,
  signal: AbortSignal | undefined,
  whole: boolean,
): AsyncGenerator<ModelStreamPart, Failure | null> {
  const own = new AbortController();
  const combined = anySignal([signal, own.signal]);
  const limits = { firstByteMs: deps.firstByteTimeoutMs, idleMs: deps.idleTimeoutMs };
  const watchdog = createWatchdog(deps.setTimer, limits, (limit) =>
    own.abort(timeoutError(limit, deps)),
  );
  try {
    let response: Response;
    try {
      response = await raceAbort(
        deps.fetch(url, { ...init, signal: combined.signal }),
        combined.signal,
      );
    } catch {
      if (combined.signal.aborted) throw abortReason(combined.signal);
      return { kind: 'network' };
    }
    if (!response.ok) {
      const text = await raceAbort(response.text(), combined.signal).catch((error: unknown) => {
        if (combined.signal.aborted) throw error;
        return '';
      });
      return {
        kind: 'http',
        status: response.status,
        headers: response.headers,
        server: serverError(parseLoose(text)),
      };
    }
    yield* readReply(response, combined.signal, watchdog, whole);
    return null;
  } finally {
    watchdog.stop();
    combined.dispose();
  }
}
