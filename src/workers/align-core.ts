/** The align worker's core, pure of the worker's globals: one request in, its answer out. */
import { alignSignaturesAgainst } from '../projections/align';
import type { AlignWorkerRequest, AlignWorkerResponse } from './align-protocol';

/** Aligns a request's lanes against its baseline, as compare does on the page. */
export function answerAlignRequest(request: AlignWorkerRequest): AlignWorkerResponse {
  try {
    return {
      id: request.id,
      alignment: alignSignaturesAgainst(request.signatures, request.baseline),
    };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
