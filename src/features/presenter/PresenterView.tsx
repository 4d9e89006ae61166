import { useCallback, useEffect, useRef, useState } from 'react';
import type { ViewRoute } from '../../components/view-route';
import type { Scenario, TokenCounter } from '../../engine';
import type { KeyValueStorage, Timer } from '../../state';
import { createPresenterStore, type PresenterSource } from '../../state/presenter-store';
import { keepPresentation } from '../../state/library-autosave';
import type { LibraryStore } from '../../state/library-store';
import { CaptionBar } from './CaptionBar';
import { ClosingSlide } from './ClosingSlide';
import { DemoPicker } from './DemoPicker';
import { LanePanel } from './LanePanel';
import { PresenterControls } from './PresenterControls';
import { PresenterHeader } from './PresenterHeader';
import { Preparing } from './Preparing';
import { PresenterStoreProvider, usePresenter } from './presenter-context';
import { exitHash, presenterChoice, type PresenterChoice } from './route';
import { selectPhase } from './selectors';
import { BODY } from './styles';
import { useFullscreen } from './use-fullscreen';
import { usePresenterKeys } from './use-presenter-keys';

export interface PresenterViewProps {
  readonly scenarios: readonly Scenario[];
  /** The route: `demo=…`, or two lanes by token, and where Exit goes (`from=…`). */
  readonly route: ViewRoute;
  /** The timer playback runs on (the browser's `setTimeout`/`clearTimeout`). */
  readonly timer: Timer;
  /** Where the theme persists. */
  readonly storage: KeyValueStorage;
  /** Where the demo's two recorded runs are kept (once each, when recorded). */
  readonly library?: LibraryStore;
  /** Counts the demo's tokens (the page's token worker, off the main thread). */
  readonly tokens?: TokenCounter;
}

/** The lanes, or the recording, or the closing slide: what the stage's middle shows. */
function Stage() {
  const phase = usePresenter(selectPhase);
  if (phase === 'preparing' || phase === 'failed') return <Preparing />;
  if (phase === 'closing') return <ClosingSlide />;
  return (
    <>
      <div className="grid min-h-0 flex-1 grid-cols-2 gap-6 px-8 py-4">
        <LanePanel index={0} />
        <LanePanel index={1} />
      </div>
      <CaptionBar />
    </>
  );
}

interface PresentationProps extends PresenterViewProps {
  readonly choice: PresenterChoice;
  readonly source: PresenterSource;
}

/** One presentation: its store records the lanes once mounted and plays them. */
function Presentation(props: PresentationProps) {
  const { scenarios, route, timer, storage, choice, source, library, tokens } = props;
  const [store] = useState(() =>
    createPresenterStore({ scenarios, source, timer, ...(tokens ? { tokens } : {}) }),
  );
  // The recorded runs join the library (kept while the presentation lives).
  useEffect(
    () => (library ? keepPresentation(store, library, { now: () => Date.now() }) : undefined),
    [store, library],
  );
  // The runs and the playback timer: started with the view, stopped with it.
  useEffect(() => store.getState().actions.start(), [store]);
  const root = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(root);
  const exitTo = exitHash(route);
  const exit = useCallback(() => {
    window.location.hash = exitTo;
  }, [exitTo]);
  usePresenterKeys(store, fullscreen.toggle, exit);
  return (
    <PresenterStoreProvider store={store}>
      <div
        ref={root}
        className="flex h-screen min-h-0 flex-col overflow-hidden bg-white text-slate-950 dark:bg-slate-950 dark:text-white"
      >
        <PresenterHeader
          route={route}
          selected={choice.selected}
          theseLanes={choice.theseLanes !== null}
          exit={exitTo}
          storage={storage}
        />
        <main className="flex min-h-0 flex-1 flex-col">
          <Stage />
        </main>
        {fullscreen.refused ? (
          <p
            role="alert"
            className={`shrink-0 border-t border-amber-600 bg-amber-50 px-8 py-2 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50 ${BODY}`}
          >
            {fullscreen.refused}
          </p>
        ) : null}
        <PresenterControls fullscreen={fullscreen.active} onFullscreen={fullscreen.toggle} />
      </div>
    </PresenterStoreProvider>
  );
}

/**
 * The presenter: two lanes played to an audience in large type, with captions, pauses at the
 * moments that matter and a closing slide. Without a demo in the route, the demo picker.
 */
export function PresenterView(props: PresenterViewProps) {
  const choice = presenterChoice(props.route, props.scenarios);
  if (!choice.source) {
    return (
      <DemoPicker
        route={props.route}
        scenarios={props.scenarios}
        exit={exitHash(props.route)}
        storage={props.storage}
        problem={choice.problem ?? null}
      />
    );
  }
  return <Presentation key={choice.key} {...props} choice={choice} source={choice.source} />;
}
