/**
 * The retry policy (after openai-node's): which failures are retried, and how long to wait.
 * Only failures before the first body byte of a 200 are ever retried.
 */
import type { ServerError } from './errors';

/** Waits the server asks for are honoured up to this (a longer one falls back to it). */
const MAX_SERVER_WAIT_MS = 30_000;
const BASE_WAIT_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** Up to a quarter off each backoff, so many clients do not retry in lockstep. */
const JITTER = 0.25;

/** Pure: whether an HTTP failure is worth another try (`x-should-retry` overrides the status). */
export function shouldRetry(status: number, headers: Headers, server: ServerError): boolean {
  const override = headers.get('x-should-retry');
  if (override === 'true') return true;
  if (override === 'false') return false;
  if (status === 429) return server.code !== 'insufficient_quota';
  return status === 408 || status === 409 || status >= 500;
}

/** Pure: the wait the server asked for (`retry-after-ms`, else `retry-after`), or null. */
export function serverWait(headers: Headers | null, now?: () => number): number | null {
  if (!headers) return null;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, MAX_SERVER_WAIT_MS);
  const after = headers.get('retry-after')?.trim();
  if (!after) return null;
  if (/^\d+(\.\d+)?$/.test(after)) return Math.min(Number(after) * 1000, MAX_SERVER_WAIT_MS);
  // An HTTP date means "until then": only readable with a clock.
  const date = Date.parse(after);
  if (!now || Number.isNaN(date)) return null;
  return Math.min(Math.max(0, date - now()), MAX_SERVER_WAIT_MS);
}

/**
 * Pure: how long to wait before retry number `retry` (0 for the first): the server's wait when
 * readable, else 0.5 s × 2^retry capped at 8 s, with up to 25 % taken off at random.
 */
export function retryDelay(
  retry: number,
  headers: Headers | null,
  random: () => number,
  now?: () => number,
): number {
  const asked = serverWait(headers, now);
  if (asked !== null) return Math.round(asked);
  const backoff = Math.min(BASE_WAIT_MS * 2 ** retry, MAX_BACKOFF_MS);
  return Math.round(backoff * (1 - random() * JITTER));
}
