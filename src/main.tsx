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

/** Runs `task` when the page is idle (Safari has no requestIdleCallback: a timer). */
const whenIdle = (task: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(task) : setTimeout(task, 1_000);

/** An idle period this long (ms; the browser gives at most 50) means the page has nothing to do. */
const QUIET_MS = 40;

/**
 * Resolves at a quiet moment: an idle period of QUIET_MS or more. A run streaming, a trace
 * opening or the user's input leave only short ones. After 10 s it resolves anyway.
 */
function quietMoment(): Promise<void> {
  if (!('requestIdleCallback' in window))
    return new Promise((resolve) => setTimeout(resolve, 1_000));
  return new Promise((resolve) => {
    const ask = () =>
      requestIdleCallback(
        (deadline) =>
          deadline.timeRemaining() >= QUIET_MS || deadline.didTimeout ? resolve() : ask(),
        { timeout: 10_000 },
      );
    ask();
  });
}

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
    whenIdle(() => void preloadViews(quietMoment, services.tokens.warm));
  },
  (error: unknown) => {
    root.textContent = `Loopscope could not start: ${error instanceof Error ? error.message : String(error)}`;
  },
);
