/**
 * Imported by main.tsx right after schema-mode, before anything fetches: a second
 * Content-Security-Policy, `connect-src 'self' <origins>`, where the origins are those of the
 * endpoints saved in localStorage (read synchronously, so the policy is in place before the
 * first request). Policies combine by intersection: the static one (vite.config.ts) stays the
 * outer bound, this one narrows `connect-src` to what the user configured. An endpoint added
 * later is reachable after a reload; until then the client refuses it with a message that says
 * so (`HttpDeps.allowedOrigins`), since the browser would only say "Failed to fetch".
 */
import { connectOrigins, connectPolicy } from '../engine';
import { ENDPOINTS_STORAGE_KEY, readStoredEndpoints } from '../state';

/** What the policy is written into and read from: the page's document and its storage. */
export interface PolicyPage {
  readonly document: Pick<Document, 'createElement' | 'head'>;
  readonly origin: string;
  /** localStorage, or null when the browser refuses it (no endpoints are saved then). */
  readonly storage: Pick<Storage, 'getItem'> | null;
}

/** The saved endpoints' base URLs; none when storage is refused or holds no readable list. */
function savedBaseUrls(storage: PolicyPage['storage']): string[] {
  try {
    const raw = storage?.getItem(ENDPOINTS_STORAGE_KEY) ?? null;
    return readStoredEndpoints(raw).endpoints.map((endpoint) => endpoint.baseUrl);
  } catch {
    return [];
  }
}

/**
 * Appends the connect policy to the document's head and returns the origins this page may
 * connect to from now until it reloads: its own first, then its saved endpoints'.
 */
export function installConnectPolicy(page: PolicyPage): readonly string[] {
  const endpoints = connectOrigins(savedBaseUrls(page.storage));
  const meta = page.document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = connectPolicy(endpoints);
  page.document.head.append(meta);
  return [page.origin, ...endpoints.filter((origin) => origin !== page.origin)];
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The origins the page's policy allows (fixed until a reload): the client checks against them. */
export const pageConnectOrigins: readonly string[] = installConnectPolicy({
  document,
  origin: window.location.origin,
  storage: localStorageOrNull(),
});
