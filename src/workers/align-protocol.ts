/** The align worker's message contract: the lanes' step signatures in, their alignment out. */
import type { Alignment } from '../projections/align';

export interface AlignWorkerRequest {
  readonly id: number;
  /** Each lane's step signatures (`stepSignature`), by step index. */
  readonly signatures: readonly (readonly string[])[];
  readonly baseline: number;
}

export type AlignWorkerResponse =
  | { readonly id: number; readonly alignment: Alignment }
  | { readonly id: number; readonly error: string };
