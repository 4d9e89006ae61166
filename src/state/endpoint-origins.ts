/**
 * Which of the user's endpoints this page can reach: its policy names the origins it knew when it
 * loaded (`app/connect-policy.ts`), so an endpoint added or moved since needs a reload. Pure: what
 * the endpoints dialog says, from the store's `connectOrigins` (null: nothing limits them).
 */
import {
  allowsUrl,
  blockedOriginMessage,
  httpOrigin,
  policyCanName,
  reloadMessage,
} from '../engine';
import type { Endpoint, UserEndpoint } from './endpoint-records';

/** Pure: the origin of a base URL (as typed) the policy does not name, or null (none, or no URL yet). */
export function originNeedingReload(
  baseUrl: string,
  connectOrigins: readonly string[] | null,
): string | null {
  const origin = httpOrigin(baseUrl);
  if (origin === null || connectOrigins === null) return null;
  return allowsUrl(connectOrigins, baseUrl) ? null : origin;
}

/** Pure: the distinct origins of the user's endpoints the policy does not name, in order. */
export function originsToReload(state: {
  readonly endpoints: readonly Endpoint[];
  readonly connectOrigins: readonly string[] | null;
}): string[] {
  const origins = state.endpoints
    .filter((item): item is UserEndpoint => item.kind === 'user')
    .map((item) => originNeedingReload(item.baseUrl, state.connectOrigins))
    .filter((origin): origin is string => origin !== null);
  return [...new Set(origins)];
}

/** What to tell the user about origins the page cannot reach: a reload for some, not for all. */
export interface ReloadNote {
  /** The reload sentence for the origins a reload lets in; null when there are none. */
  readonly reload: string | null;
  /** One sentence per origin no reload lets in (an IPv6 literal a policy cannot name). */
  readonly never: readonly string[];
}

/** Pure: the note for some origins the page cannot reach yet. */
export function reloadNote(origins: readonly string[]): ReloadNote {
  const reloadable = origins.filter(policyCanName);
  return {
    reload: reloadable.length > 0 ? reloadMessage(reloadable) : null,
    never: origins.filter((origin) => !policyCanName(origin)).map(blockedOriginMessage),
  };
}
