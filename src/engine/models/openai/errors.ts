/**
 * What went wrong, in words: HTTP statuses, network failures (often CORS in a browser) and
 * in-stream errors become ModelErrors with a stable code and a sentence that says what to do.
 */
import { ModelError } from '../spec';

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Pure: "429 Too Many Requests" (the phrase from our table: HTTP/2 sends no status text). */
export function statusReason(status: number): string {
  const phrase = REASONS[status];
  return phrase ? `${status} ${phrase}` : `${status}`;
}

/** What a server said in an error body: `body.error ?? body`, as `{message, code}`. */
export interface ServerError {
  readonly message: string;
  readonly code: string | null;
}

const clip = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
};

/** Pure: `text` ended as a sentence: a period added unless it already ends in . ! ? or …. */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** Pure: reads an error payload (parsed JSON or raw text) the way OpenAI-style servers send it. */
export function serverError(payload: unknown): ServerError {
  const inner =
    payload && typeof payload === 'object' && 'error' in payload
      ? (payload as { error: unknown }).error
      : payload;
  if (typeof inner === 'string') return { message: clip(inner), code: null };
  if (inner && typeof inner === 'object') {
    const { message, code, type } = inner as Record<string, unknown>;
    const codeText = typeof code === 'string' ? code : typeof type === 'string' ? type : null;
    const text = typeof message === 'string' ? message : JSON.stringify(inner);
    return { message: clip(text), code: codeText };
  }
  return { message: '', code: null };
}

/**
 * Pure: what each try got, for a message: "500, then 404 on retry", "503, then 502 and 500 on
 * retries"; empty for a single try. `outcomes` holds one entry per try, a status or "no response".
 */
export function triesSummary(outcomes: readonly string[]): string {
  const [first, ...retries] = outcomes;
  const last = retries.at(-1);
  if (first === undefined || last === undefined) return '';
  const before = retries.slice(0, -1);
  const rest = before.length ? `${before.join(', ')} and ${last}` : last;
  return `${first}, then ${rest} on ${retries.length > 1 ? 'retries' : 'retry'}`;
}

/**
 * Pure: the ModelError for a non-retryable (or finally given up) HTTP status. `outcomes` are the
 * tries' statuses in order, this one last, so a message after retries names each of them; the
 * code is always this (the last) status's.
 */
export function statusError(
  status: number,
  server: ServerError,
  outcomes: readonly string[] = [String(status)],
): ModelError {
  const end = server.message ? ` The server said: ${server.message}` : '';
  const summary = triesSummary(outcomes);
  const said = (text: string) =>
    new ModelError(`http_${status}`, summary ? `Tries: ${summary}. ${text}` : text);
  switch (status) {
    case 400:
      return said(
        `The server rejected the request (400): ${sentence(server.message || 'no reason given')} If it mentions stream_options, turn off include_usage for this endpoint.`,
      );
    case 401:
      return said(
        `The server answered 401 Unauthorized: check the API key (is it set, and valid for this server?).${end}`,
      );
    case 403:
      return said(
        `The server answered 403 Forbidden: the key may lack permission for this model, or the server refuses this page's origin (for Ollama, add it to OLLAMA_ORIGINS and restart).${end}`,
      );
    case 404:
      return said(
        `The server answered 404 Not Found: check the base URL (it usually ends in /v1) and the model name.${end}`,
      );
    case 422:
      return said(
        `The server could not process the request (422): ${sentence(server.message || 'no reason given')}`,
      );
  }
  if (status === 429 && server.code === 'insufficient_quota') {
    return said(
      `The server answered 429: the account has no quota left (insufficient_quota); check its plan and billing, or use another key.${end}`,
    );
  }
  const advice = statusAdvice(status);
  if (summary) {
    return new ModelError(
      `http_${status}`,
      `The server answered ${statusReason(status)}; gave up after ${outcomes.length} tries (${summary}).${advice}${end}`,
    );
  }
  return new ModelError(
    `http_${status}`,
    `The server answered ${statusReason(status)}.${advice}${end}`,
  );
}

/** Pure: what to do about a status with no case of its own (a leading space, or empty). */
function statusAdvice(status: number): string {
  if (status === 429)
    return ' The server is rate limiting this client: wait a minute and try again.';
  if (status >= 500) return ' The server failed: check its log, and try again once it is up.';
  return '';
}

/** Pure: `text` with every occurrence of the key replaced (servers sometimes echo what they got). */
export function redact(text: string, apiKey: string | null): string {
  return apiKey && apiKey.length > 0 ? text.split(apiKey).join('[redacted]') : text;
}
