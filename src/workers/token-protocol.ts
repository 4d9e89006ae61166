/** The token worker's message contract: texts to count, their counts (or why not). */

export interface TokenWorkerRequest {
  readonly id: number;
  readonly texts: readonly string[];
}

export type TokenWorkerResponse =
  | { readonly id: number; readonly counts: readonly number[] }
  | { readonly id: number; readonly error: string };
