/**
 * Which model the matrix runs on, as the view sees it: the eval store's `modelId` matched against
 * the endpoints store's endpoints (one removed since it was picked means the built-in models).
 */
import {
  endpointLimits,
  type EndpointsState,
  type UserEndpoint,
} from '../../state/endpoints-store';
import { BUILTIN_MODELS } from '../../state/eval-store';
import type { EvalEndpoint } from '../../workers/eval-protocol';
import { useEndpoints } from '../endpoints';
import { useEvalStore } from './eval-store-context';
import { selectModelId } from './selectors';

const selectEndpointList = (state: EndpointsState) => state.endpoints;

/** Pure: the user endpoint `id` names, or null (the built-in models, or an endpoint since removed). */
export function chosenEndpoint(
  endpoints: EndpointsState['endpoints'],
  id: string,
): UserEndpoint | null {
  if (id === BUILTIN_MODELS) return null;
  return (
    endpoints.find((item): item is UserEndpoint => item.kind === 'user' && item.id === id) ?? null
  );
}

/** The user's endpoints (not the built-in one), for the Model select. */
export function useUserEndpoints(): readonly UserEndpoint[] {
  const endpoints = useEndpoints(selectEndpointList);
  return endpoints.filter((item): item is UserEndpoint => item.kind === 'user');
}

/** The endpoint the matrix will run on, or null for the built-in models. */
export function useChosenEndpoint(): UserEndpoint | null {
  const endpoints = useEndpoints(selectEndpointList);
  const id = useEvalStore(selectModelId);
  return chosenEndpoint(endpoints, id);
}

/**
 * Pure: what the run message carries: the endpoint's settings, its key, and the origins the
 * page's policy allows (the worker's client checks them: the page's policy does not reach it).
 */
export function runTarget(
  endpoint: UserEndpoint,
  apiKey: string | null,
  allowedOrigins: readonly string[] | null = null,
): EvalEndpoint {
  const { name, baseUrl, model, protocol, includeUsage, stream } = endpoint;
  return {
    name,
    baseUrl,
    model,
    apiKey,
    protocol,
    includeUsage,
    stream,
    ...endpointLimits(endpoint),
    ...(allowedOrigins ? { allowedOrigins } : {}),
  };
}

/** Pure: "127.0.0.1:8080" (the base URL's host), or the base URL when it does not parse. */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
