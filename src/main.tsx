import './app/schema-mode'; // first: zod goes jitless before any schema is defined (the CSP)
import './app/connect-policy'; // second: connect-src narrowed to the saved endpoints, before any fetch
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { webStorage } from './app/browser-deps';
import { preloadViews } from './app/lazy-views';
import { createServices } from './app/services';
import { ViewBoundary } from './app/ViewBoundary';
import { applyTheme, readTheme } from './features/inspector';
import './app/index.css';

/** An idle period this long (ms; the browser gives at most 50) means the page has nothing to do. */
const QUIET_MS = 40;

/**
 * Resolves in the first idle period with at least `minMs` left, or once `maxWaitMs` have passed
 * since the call, whichever comes first. A run streaming, a trace opening or the user's input
 * leave only short idle periods. Safari has no requestIdleCallback: a timer of 1 s.
 */
function idleMoment(minMs: number, maxWaitMs = Infinity): Promise<void> {
  if (!('requestIdleCallback' in window))
    return new Promise((resolve) => setTimeout(resolve, 1_000));
  const giveUp = performance.now() + maxWaitMs;
  return new Promise((resolve) => {
    const ask = () => {
      const left = giveUp - performance.now();
      if (left <= 0) return resolve(); // (a timeout of 0 would mean none)
      requestIdleCallback(
        (deadline) =>
          deadline.timeRemaining() >= minMs || deadline.didTimeout ? resolve() : ask(),
        Number.isFinite(left) ? { timeout: left } : {},
      );
    };
    ask();
  });
}

/** A quiet moment: an idle period of QUIET_MS or more, or 10 s at most. */
const quietMoment = () => idleMoment(QUIET_MS, 10_000);

const root = document.getElementById('root');
if (!root) throw new Error('Loopscope: #root element missing from index.html');

// The saved theme applies before anything paints, so a dark page never flashes white.
applyTheme(document.documentElement, readTheme(webStorage('local')));

// The mock model must serve before the first render: the default run goes through it.
createServices().then(
  (services) => {
    createRoot(root).render(
      <StrictMode>
        <ViewBoundary>
          <App services={services} />
        </ViewBoundary>
      </StrictMode>,
    );
    // After the first paint, when the page is idle: the run code, then the token worker loads its
    // tokenizer (so the first count of a run does not wait for it) while the page loads what a
    // run's step shows; then the other views' code at quiet moments (each loads when first
    // opened; preloaded, it shows at once).
    void idleMoment(0).then(() => preloadViews(quietMoment, services.tokens.warm));
  },
  (error: unknown) => {
    root.textContent = `Loopscope could not start: ${error instanceof Error ? error.message : String(error)}`;
  },
);
