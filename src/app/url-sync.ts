/**
 * The URL is the source of truth (docs/links.md): the view follows every URL change (a pasted
 * link, Back, Forward: `hashchange` and `popstate`), and the URL follows every change of the
 * shown view's store. Another scenario is a new history entry (pushState); settings and the
 * selected step replace the entry (replaceState), written once a burst of changes pauses.
 * Loops are guarded: the writer's own writes fire no events, and a hash already seen is never
 * applied again.
 */
import { useEffect, useState } from 'react';
import { isViewSwitch, parseViewHash, type ViewRoute } from '../components/view-route';
import type { ViewStores } from './view-stores';

/**
 * How long the URL waits after a settings or step change before it follows (one write per burst:
 * browsers throttle history writes, and holding an arrow key moves the step 30 times a second).
 */
const WRITE_DELAY_MS = 150;

/** What the writer uses of the browser: its location's hash, its history, a timer. */
export interface UrlHistory {
  hash(): string;
  pushState(hash: string): void;
  replaceState(hash: string): void;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number | undefined): void;
}

const BROWSER_HISTORY: UrlHistory = {
  hash: () => window.location.hash,
  pushState: (hash) => window.history.pushState(null, '', hash),
  replaceState: (hash) => window.history.replaceState(null, '', hash),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

export type UrlWriter = ReturnType<typeof createUrlWriter>;

/** The browser's history as the app writes it; `seen` is the hash the page shows now. */
export function createUrlWriter(history: UrlHistory = BROWSER_HISTORY) {
  let seen: string | null = null;
  let pending: string | null = null;
  let timer: number | undefined;
  // The route of the hash shown, parsed once per hash: every store change (each step selected,
  // each streamed token) asks whether the view or scenario changed.
  let parsed: { readonly hash: string; readonly route: ViewRoute } | null = null;
  const routeOf = (hash: string) => {
    if (parsed?.hash !== hash) parsed = { hash, route: parseViewHash(hash) };
    return parsed.route;
  };
  const cancel = () => {
    history.clearTimeout(timer);
    pending = null;
  };
  const write = (hash: string, how: 'push' | 'replace') => {
    if (hash !== history.hash()) {
      if (how === 'push') history.pushState(hash);
      else history.replaceState(hash);
    }
    seen = hash;
  };
  const flush = () => {
    const hash = pending;
    cancel();
    if (hash !== null) write(hash, 'replace');
  };
  return {
    seen: () => seen,
    /** The page now shows what `hash` names (a link it followed). */
    saw(hash: string) {
      cancel();
      seen = hash;
    },
    write,
    flush,
    /**
     * The shown store changed: another scenario at once, the rest once changes pause. A hash of
     * another view than the URL names is a store the user has left (React lets go of it only at
     * the new view's first render, and a lazy view waits for its code): a late change of it, a
     * kept run read in, must not take the URL back to it.
     */
    follow(hash: string) {
      const current = routeOf(seen ?? history.hash());
      const next = parseViewHash(hash);
      if (current.view !== next.view) return;
      if (current.scenario !== next.scenario) {
        flush();
        write(hash, 'push');
        return;
      }
      cancel();
      if (hash === seen) return;
      pending = hash;
      timer = history.setTimeout(flush, WRITE_DELAY_MS);
    },
  };
}

/** The URL follows the store of `route`'s view (`views.watch`) through `writer`; returns the release. */
export function followShown(views: ViewStores, route: ViewRoute, writer: UrlWriter): () => void {
  return views.watch(route, () => {
    const hash = views.shownHash(route);
    if (hash !== null) writer.follow(hash);
  });
}

/** The route the user last followed; the stores follow the URL and the URL follows them. */
export function useUrlSync(views: ViewStores): ViewRoute {
  const [route, setRoute] = useState(() => parseViewHash(window.location.hash));
  const [writer] = useState(() => createUrlWriter());

  // Outside system: the browser's history events, with cleanup.
  useEffect(() => {
    const follow = () => {
      const hash = window.location.hash;
      const seen = writer.seen();
      if (hash === seen) return;
      const next = parseViewHash(hash);
      writer.saw(hash);
      const switching = seen !== null && isViewSwitch(parseViewHash(seen), next);
      views.follow(next, { switching });
      // What following wrote meanwhile is superseded: the URL names what the view shows now, the
      // normal form of the link (unknown parameters dropped).
      writer.saw(hash);
      const shown = views.shownHash(next);
      if (shown !== null) writer.write(shown, 'replace');
      setRoute(next);
    };
    follow();
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, [views, writer]);

  // Outside system: the shown view's store, whose changes the URL follows.
  useEffect(() => {
    const release = followShown(views, route, writer);
    return () => {
      release();
      writer.flush();
    };
  }, [views, route, writer]);

  return route;
}
