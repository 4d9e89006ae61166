/**
 * What to tell a user whose local model server refused this page's origin (CORS): the setting
 * per server, with an example to copy. Pure: the page passes its origin in.
 */
import { corsHelp as engineCorsHelp, type CorsHint } from '../engine';

export type { CorsHint };

/** Pure: for each known local server, how to allow `origin` (the engine's hints, in its order). */
export function corsHelp(origin?: string): readonly CorsHint[] {
  return engineCorsHelp(origin);
}
