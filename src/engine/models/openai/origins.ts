/**
 * Which origins a page may connect to: the page's own and the endpoints it knew when it loaded.
 * The page writes them into a second Content-Security-Policy at start (`app/connect-policy.ts`:
 * `connect-src 'self' <origins>`), and the client checks a URL against the same list before it
 * fetches, so a blocked connection says why instead of "Failed to fetch" (and a worker, whose
 * policy is its own script's headers, is held to the same list). Pure: no globals, no imports.
 */

/** Pure: the origin of an http(s) URL, such as `http://127.0.0.1:8080`; null for anything else. */
export function httpOrigin(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
}

/**
 * Pure: whether a CSP host-source can name the origin. Its grammar has host names and IPv4
 * addresses, not IPv6 literals (`http://[::1]:8080`), so such an origin cannot be allowed.
 */
export function policyCanName(origin: string): boolean {
  return /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin);
}

/** Pure: the distinct origins of the URLs that a policy can name, in their first order. */
export function connectOrigins(urls: readonly string[]): string[] {
  const origins = urls.map(httpOrigin).filter((origin): origin is string => origin !== null);
  return [...new Set(origins)].filter(policyCanName);
}

/** Pure: the policy a page adds at start: its own origin and `origins`, nothing else. */
export function connectPolicy(origins: readonly string[]): string {
  return ["connect-src 'self'", ...origins.filter(policyCanName)].join(' ');
}

/**
 * Pure: whether `url` may be fetched under `allowed` (the page's origin and its endpoints'):
 * no list means no limit (the CLI, tests); a URL that does not parse is not allowed.
 */
export function allowsUrl(allowed: readonly string[] | undefined, url: string): boolean {
  if (allowed === undefined) return true;
  const origin = httpOrigin(url);
  return origin !== null && allowed.includes(origin);
}

/** Pure: that a reload is needed to connect to the origins (each one a policy can name). */
export function reloadMessage(origins: readonly string[]): string {
  const list =
    origins.length > 1 ? `${origins.slice(0, -1).join(', ')} and ${origins.at(-1)}` : origins[0];
  return `Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to ${list}.`;
}

/** Pure: why a connection to `origin` is not made, and what to do, in one sentence or two. */
export function blockedOriginMessage(origin: string): string {
  if (!policyCanName(origin)) {
    return `Loopscope cannot connect to ${origin}: its Content-Security-Policy names hosts, not IPv6 addresses. Use a host name for the server, such as localhost.`;
  }
  return reloadMessage([origin]);
}
