/**
 * "Test connection": lists the server's models (`GET {base}/models`), or, where a server has no
 * such route, sends one short chat request; the result is a sentence for the user.
 */
import { ModelError, type ModelRequest } from '../spec';
import { AppendLog } from '../../util/append-log';
import { createOpenAIModel } from './client';
import { redact, serverError, statusError } from './errors';
import { blockedOriginError, networkError, where } from './faults';
import { endpointUrl, requestHeaders } from './messages';
import { allowsUrl } from './origins';
import { parseLoose } from './reply';
import { raceAbort } from './signals';
import type { EndpointSettings, HttpDeps } from './types';

/** What "Test connection" found, in words (and the model ids when the server listed them). */
export interface ConnectionResult {
  readonly ok: boolean;
  readonly message: string;
  /** On failure, a stable code: the client's error codes (`network`, `http_401`, …), `timeout` or `not_openai`. */
  readonly code?: string;
  readonly models?: string[];
}

/** Listing models is quick on every server: a longer silence means something is wrong. */
const LIST_TIMEOUT_MS = 15_000;

const PROBE: ModelRequest = {
  purpose: 'action',
  context: AppendLog.of([{ role: 'user', content: 'Reply with the single word OK.' }]),
  tools: null,
  step: 0,
  conversation: 0,
};

function modelIds(payload: unknown): string[] | null {
  const data = (payload as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return null;
  return data
    .map((entry) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string');
}

function describeModels(models: readonly string[], wanted: string): string {
  if (models.length === 0) return 'Connected, but the server lists no models.';
  const count = `${models.length} model${models.length === 1 ? '' : 's'}`;
  if (models.includes(wanted)) return `Connected: ${count}, including ${wanted}.`;
  const some = models.slice(0, 5).join(', ') + (models.length > 5 ? ', …' : '');
  return `Connected: ${count} (${some}), but not "${wanted}": check the model name (some servers, such as llama.cpp, answer with their loaded model whatever the name).`;
}

/** One short chat request through the real client: the first sign of an answer is enough. */
async function probeChat(endpoint: EndpointSettings, deps: HttpDeps): Promise<ConnectionResult> {
  const stop = new AbortController();
  const model = createOpenAIModel(endpoint, { ...deps, maxRetries: 0 });
  const answered = { ok: true, message: 'Connected: the model answered a short chat request.' };
  try {
    for await (const part of model.stream(PROBE, { signal: stop.signal })) {
      if (part.type === 'retry') continue;
      stop.abort();
      break;
    }
    return answered;
  } catch (error) {
    if (stop.signal.aborted) return answered;
    const code = error instanceof ModelError ? error.code : 'model_failed';
    return { ok: false, code, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Tests an endpoint and reports in words; never throws, never mentions the key. */
export async function testConnection(
  endpoint: EndpointSettings,
  deps: HttpDeps,
): Promise<ConnectionResult> {
  let url: string;
  try {
    url = endpointUrl(endpoint.baseUrl, 'models');
  } catch (error) {
    const code = error instanceof ModelError ? error.code : 'bad_endpoint';
    return {
      ok: false,
      code,
      message: error instanceof ModelError ? error.message : String(error),
    };
  }
  if (!allowsUrl(deps.allowedOrigins, url)) {
    const { code, message } = blockedOriginError(url);
    return { ok: false, code, message };
  }
  const timer = new AbortController();
  const cancel = deps.setTimer(LIST_TIMEOUT_MS, () => timer.abort());
  try {
    const init = {
      method: 'GET',
      headers: requestHeaders(endpoint.apiKey, false),
      signal: timer.signal,
    };
    const response = await raceAbort(deps.fetch(url, init), timer.signal);
    if (response.status === 404 || response.status === 405) return await probeChat(endpoint, deps);
    const payload = parseLoose(await raceAbort(response.text(), timer.signal));
    if (!response.ok) {
      const error = statusError(response.status, serverError(payload));
      return { ok: false, code: error.code, message: redact(error.message, endpoint.apiKey) };
    }
    const models = modelIds(payload);
    if (!models) {
      return {
        ok: false,
        code: 'not_openai',
        message: `The server answered, but ${where(url)} is not an OpenAI-compatible model list: check that the base URL ends in /v1.`,
      };
    }
    return { ok: true, message: describeModels(models, endpoint.model), models };
  } catch {
    if (timer.signal.aborted) {
      return {
        ok: false,
        code: 'timeout',
        message: `No answer within ${LIST_TIMEOUT_MS / 1000} s from ${where(url)}: the server is busy or hung.`,
      };
    }
    return { ok: false, code: 'network', message: networkError(`GET ${where(url)}`).message };
  } finally {
    cancel();
  }
}
