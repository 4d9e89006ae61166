/**
 * A matrix on a real endpoint: the run options of each job (a fresh OpenAI-compatible client on
 * the worker's own fetch and timers, the real clock), the rule that stops a matrix whose first
 * runs all failed alike, and the key kept out of everything the worker posts.
 */
import { createOpenAIModel, type Clock, type HttpDeps, type ScenarioRunOptions } from '../engine';
import type { EvalEndpoint, EvalRunError } from './eval-protocol';

/** The worker's I/O for runs on an endpoint. */
export interface EndpointIo {
  readonly http: HttpDeps;
  /** Wall-clock time for latency and time to first token (each run gets this clock). */
  readonly clock: Clock;
}

/** Options for one run on the endpoint: a fresh client (no state shared between runs). */
export function endpointRunOptions(endpoint: EvalEndpoint, io: EndpointIo): ScenarioRunOptions {
  const { baseUrl, model, apiKey, protocol, includeUsage, stream } = endpoint;
  const { firstByteTimeoutMs, idleTimeoutMs } = endpoint;
  const limits = {
    ...(firstByteTimeoutMs !== undefined ? { firstByteTimeoutMs } : {}),
    ...(idleTimeoutMs !== undefined ? { idleTimeoutMs } : {}),
  };
  // The page's policy does not reach into the worker: its origins are checked by the client.
  const { allowedOrigins } = endpoint;
  const http = allowedOrigins ? { ...io.http, allowedOrigins } : io.http;
  return {
    model: createOpenAIModel(
      { baseUrl, model, apiKey, protocol, includeUsage, stream, ...limits },
      http,
    ),
    clock: io.clock,
  };
}

/**
 * Failures that will fail every run alike: a key the server refuses, no such model or path, no
 * server at all (or one that refuses this page's origin), an account out of quota or rate limit,
 * an origin the page's policy does not name (until a reload).
 */
export const STOPPING_CODES: ReadonlySet<string> = new Set([
  'http_401',
  'http_403',
  'http_404',
  'http_429',
  'network',
  'bad_endpoint',
  'origin_not_allowed',
]);

/** This many runs failing alike, before any succeeded, stop the matrix: the rest would too. */
export const STOP_AFTER_FAILURES = 2;

/**
 * Pure: whether to stop after a run finished. `outcomes` are the finished runs in the order they
 * finished (null: a run that did not fail). The first `STOP_AFTER_FAILURES` runs all failing with
 * one code of `STOPPING_CODES`, with runs still to go: a sentence that says so; else null.
 */
export function earlyStop(
  outcomes: readonly (EvalRunError | null)[],
  total: number,
): string | null {
  const first = outcomes[0];
  if (!first?.code || !STOPPING_CODES.has(first.code)) return null;
  const left = total - outcomes.length;
  if (outcomes.length < STOP_AFTER_FAILURES || left <= 0) return null;
  const head = outcomes.slice(0, STOP_AFTER_FAILURES);
  if (!head.every((outcome) => outcome?.code === first.code)) return null;
  return (
    `The first ${STOP_AFTER_FAILURES} runs all failed with the same error ` +
    `(${first.code}), so the other ${left.toLocaleString('en-US')} were not run. ` +
    'Fix what the error says, then run the matrix again.'
  );
}

/** Pure: `text` with every occurrence of the key replaced (a message may quote what was sent). */
export function withoutKey(text: string, apiKey: string | null | undefined): string {
  return apiKey ? text.split(apiKey).join('[redacted]') : text;
}
