/** The OpenAI-compatible HTTP model (OpenAI, llama.cpp, vLLM, Ollama), fetch and timers injected. */
export { createOpenAIModel } from './client';
export { testConnection, type ConnectionResult } from './connection';
export { corsHelp, type CorsHint } from './faults';
export {
  allowsUrl,
  blockedOriginMessage,
  connectOrigins,
  connectPolicy,
  httpOrigin,
  policyCanName,
  reloadMessage,
} from './origins';
export { toOpenAIMessages, toOpenAITools } from './messages';
export { retryDelay } from './retry';
export {
  DEFAULT_FIRST_BYTE_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  type EndpointSettings,
  type HttpDeps,
} from './types';
