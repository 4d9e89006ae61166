/** The token worker's core, pure of the worker's globals: one request in, its answer out. */
import { countWithTokenizer } from '../engine';
import type { TokenWorkerRequest, TokenWorkerResponse } from './token-protocol';

/** Counts a request's texts with gpt-tokenizer (loaded at the first request). */
export async function answerTokenRequest(
  request: TokenWorkerRequest,
): Promise<TokenWorkerResponse> {
  try {
    return { id: request.id, counts: await countWithTokenizer(request.texts) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
