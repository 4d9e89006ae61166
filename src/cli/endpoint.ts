/**
 * The CLI's real endpoints: `--endpoint URL --model NAME [--api-key-env VAR] [--protocol text|tools]
 * [--first-byte-timeout SECONDS] [--idle-timeout SECONDS] [--no-include-usage] [--no-stream]`
 * checked into EndpointSettings, and a model on Node's fetch, real timers and a real clock.
 * The key is read from the environment and never printed.
 */
import {
  createOpenAIModel,
  type Clock,
  type EndpointSettings,
  type HttpDeps,
  type ScenarioRunOptions,
} from '../engine';
import { UsageError, type ParsedArgs } from './args';

/** Validates the endpoint flags; null when no endpoint is asked for. Throws one-line UsageErrors. */
export function endpointSettings(
  args: ParsedArgs,
  env: Readonly<Record<string, string | undefined>> = process.env,
): EndpointSettings | null {
  const { endpoint, model, apiKeyEnv, includeUsage, stream, firstByteTimeoutMs, idleTimeoutMs } =
    args.endpoint;
  const protocol = args.overrides.protocol ?? 'text';
  if (endpoint === null && model === null) {
    if (apiKeyEnv !== null) throw new UsageError('--api-key-env needs --endpoint URL --model NAME');
    if (firstByteTimeoutMs !== null || idleTimeoutMs !== null) {
      throw new UsageError(
        `${firstByteTimeoutMs !== null ? '--first-byte-timeout' : '--idle-timeout'} needs --endpoint URL --model NAME (scenario models answer at once)`,
      );
    }
    if (!includeUsage) throw new UsageError('--no-include-usage needs --endpoint URL --model NAME');
    if (!stream) throw new UsageError('--no-stream needs --endpoint URL --model NAME');
    if (protocol === 'tools') {
      throw new UsageError(
        '--protocol tools needs a real endpoint (--endpoint URL --model NAME); scenario models speak the text protocol',
      );
    }
    return null;
  }
  if (endpoint === null)
    throw new UsageError('--model needs --endpoint URL (e.g. http://127.0.0.1:8080/v1)');
  if (model === null)
    throw new UsageError('--endpoint needs --model NAME (the model the server should run)');
  checkUrl(endpoint);
  if (model.trim() === '') throw new UsageError('--model: expected a model name, got ""');
  return {
    baseUrl: endpoint,
    model,
    apiKey: readKey(apiKeyEnv, env),
    protocol,
    includeUsage,
    stream,
    ...(firstByteTimeoutMs !== null ? { firstByteTimeoutMs } : {}),
    ...(idleTimeoutMs !== null ? { idleTimeoutMs } : {}),
  };
}

function checkUrl(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new UsageError(
      `--endpoint: expected an http(s) base URL such as http://127.0.0.1:8080/v1, got "${endpoint}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `--endpoint: expected an http:// or https:// URL, got "${url.protocol}" (e.g. http://127.0.0.1:8080/v1)`,
    );
  }
  if (url.username || url.password) {
    // Not echoed: it holds a credential.
    throw new UsageError(
      '--endpoint: the URL must not hold a user name or password; pass the key with --api-key-env VAR',
    );
  }
}

function readKey(
  variable: string | null,
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  if (variable === null) return null;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
    throw new UsageError(
      `--api-key-env: expected the name of an environment variable, got "${variable}"`,
    );
  }
  const key = env[variable]?.trim();
  if (!key)
    throw new UsageError(
      `--api-key-env: the environment variable ${variable} is not set or is empty`,
    );
  return key;
}

/** A backoff wait that ends early (rejecting) when the run is cancelled. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Node's I/O for the client: global fetch, real timers (never keeping the process alive), Math.random. */
export const NODE_HTTP: HttpDeps = {
  fetch: (input, init) => fetch(input, init),
  sleep,
  setTimer: (ms, callback) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
  random: Math.random,
  now: Date.now,
};

/** Wall-clock time for latency and time to first token. */
export const REAL_CLOCK: Clock = { now: () => performance.now() };

/** Run options for one run against the endpoint: a fresh model and the real clock. */
export function endpointRunOptions(settings: EndpointSettings): ScenarioRunOptions {
  return { model: createOpenAIModel(settings, NODE_HTTP), clock: REAL_CLOCK };
}

/** Runs against a real endpoint share its capacity: at most this many at once in `loop eval`. */
export const ENDPOINT_CONCURRENCY = 2;
