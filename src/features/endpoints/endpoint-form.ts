/** Pure: the endpoint form's values, and how they map to the store's input. No React. */
import type { EndpointField, EndpointInput, UserEndpoint } from '../../state/endpoints-store';

/** Seconds as the user typed them; '' leaves the client's default. */
const toMs = (seconds: string): number | undefined =>
  seconds.trim() === '' ? undefined : Number(seconds.trim()) * 1000;
const toSeconds = (ms: number | undefined): string => (ms === undefined ? '' : String(ms / 1000));

/** What the form holds; the key is separate from the endpoint (the store never persists it). */
export interface EndpointFormValues {
  readonly name: string;
  readonly baseUrl: string;
  readonly model: string;
  readonly protocol: 'text' | 'tools';
  readonly includeUsage: boolean;
  readonly stream: boolean;
  readonly rememberKey: boolean;
  /** The first-byte and idle limits in seconds, as typed; '' for the client's defaults. */
  readonly firstByteTimeoutS: string;
  readonly idleTimeoutS: string;
  /** A new key; '' keeps the endpoint's current key (or none). */
  readonly apiKey: string;
}

/** A new endpoint's starting values: a local llama.cpp / Ollama style server. */
export const BLANK_ENDPOINT: EndpointFormValues = {
  name: '',
  baseUrl: '',
  model: '',
  protocol: 'text',
  includeUsage: true,
  stream: true,
  rememberKey: false,
  firstByteTimeoutS: '',
  idleTimeoutS: '',
  apiKey: '',
};

/** The form's values for an endpoint being edited (its key is never shown back). */
export function formValues(endpoint: UserEndpoint): EndpointFormValues {
  const { name, baseUrl, model, protocol, includeUsage, stream, rememberKey } = endpoint;
  return {
    name,
    baseUrl,
    model,
    protocol,
    includeUsage,
    stream,
    rememberKey,
    firstByteTimeoutS: toSeconds(endpoint.firstByteTimeoutMs),
    idleTimeoutS: toSeconds(endpoint.idleTimeoutMs),
    apiKey: '',
  };
}

/** What the store's addEndpoint / updateEndpoint take (an empty limit clears the one set). */
export function endpointInput(values: EndpointFormValues): EndpointInput {
  const { name, baseUrl, model, protocol, includeUsage, stream, rememberKey } = values;
  return {
    name,
    baseUrl,
    model,
    protocol,
    includeUsage,
    stream,
    rememberKey,
    firstByteTimeoutMs: toMs(values.firstByteTimeoutS),
    idleTimeoutMs: toMs(values.idleTimeoutS),
  };
}

/** A validation message, shown under the field it names. */
export interface FieldProblem {
  readonly field: EndpointField;
  readonly message: string;
}

/** Pure: the endpoint's host, for a list row (never its path, where a secret could hide). */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
