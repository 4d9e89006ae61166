import { Suspense, useRef, useState, type ComponentProps } from 'react';
import { FOCUS_RING, lazyComponent, LoadingNote } from '../../components';
import { createGuardTripReader, type GuardTrip } from '../../projections/decision-record';
import type { RunState } from '../../state/run-store';
import { useLens } from '../lens';
import { useRunActions, useRunStore } from '../run';
import type * as Panels from './panels';
import { RecordTabs, useTabIds, type RecordTab } from './RecordTabs';
import {
  selectAttempts,
  selectConversations,
  selectCursor,
  selectEscalation,
  selectImported,
  selectRunConfig,
  selectStatus,
  selectSteps,
  selectStreaming,
} from './selectors';
import { useScrollTopOnChange } from './scroll-reset';

/** The panels are a chunk of their own: the first paint shows no step (preloaded after it). */
const panels = () => import('./panels');
const DecisionPanel = lazyComponent<ComponentProps<typeof Panels.DecisionPanel>>(() =>
  panels().then((module) => module.DecisionPanel),
);
const ContextPanel = lazyComponent<ComponentProps<typeof Panels.ContextPanel>>(() =>
  panels().then((module) => module.ContextPanel),
);
const SpansPanel = lazyComponent<ComponentProps<typeof Panels.SpansPanel>>(() =>
  panels().then((module) => module.SpansPanel),
);
const StreamingCall = lazyComponent<object>(() => panels().then((module) => module.StreamingCall));

/** Loads the record's panels now (after the first paint): a run's first step shows at once. */
export const preloadDecisionRecord = (): Promise<void> => panels().then(() => undefined);

/** One reader per mounted pane: it reads each new event once and keeps its answer otherwise. */
function guardTripSelector(): (state: RunState) => readonly GuardTrip[] {
  const read = createGuardTripReader();
  return (state) => read(state.events);
}

function EmptyRecord({ running }: { readonly running: boolean }) {
  return (
    <div className="px-4 py-8 text-center text-sm text-slate-600 dark:text-slate-400">
      {running ? (
        <p>The first step is being recorded…</p>
      ) : (
        <>
          <p className="font-medium text-slate-800 dark:text-slate-200">No step to show yet</p>
          <p className="mt-1 text-xs">
            Press Run. Each step&apos;s decision, its evidence and the exact context its model call
            sent appear here.
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The decision record of the selected step (the newest one while the cursor follows the run):
 * a "Decision" view and a "Context" view, and while a call streams, its text token by token.
 */
export function DecisionRecordPane() {
  const steps = useRunStore(selectSteps);
  const cursor = useRunStore(selectCursor);
  const status = useRunStore(selectStatus);
  const streaming = useRunStore(selectStreaming);
  const conversations = useRunStore(selectConversations);
  const escalation = useRunStore(selectEscalation);
  const config = useRunStore(selectRunConfig);
  const attempts = useRunStore(selectAttempts);
  const lens = useLens();
  const { selectStep } = useRunActions();
  const [selectTrips] = useState(guardTripSelector);
  const trips = useRunStore(selectTrips);
  const imported = useRunStore(selectImported);
  const [chosen, setTab] = useState<RecordTab>('decision');
  // Spans only while the shown run has them (another run opened keeps the choice otherwise).
  const tab = chosen === 'spans' && !imported ? 'decision' : chosen;
  const ids = useTabIds();

  const regionRef = useRef<HTMLElement>(null);
  const index = Math.min(cursor ?? steps.length - 1, steps.length - 1);

  // Another step's record starts at its top (the pane's scroll position, outside React).
  useScrollTopOnChange(regionRef, index);
  const following = cursor === null;

  return (
    <section ref={regionRef} aria-label="Decision record" className="flex min-h-full flex-col">
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <RecordTabs selected={tab} onSelect={setTab} ids={ids} spans={imported !== null} />
        <div className="ml-auto flex items-center gap-2 pr-1">
          {following ? (
            steps.length > 0 && (
              <span className="text-[11px] text-slate-500 dark:text-slate-400">
                following the run
              </span>
            )
          ) : (
            <button
              type="button"
              onClick={() => selectStep(null)}
              className={`rounded px-1.5 py-1 text-[11px] font-medium text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950/50 ${FOCUS_RING}`}
            >
              Follow newest
            </button>
          )}
        </div>
      </div>
      {streaming && (
        <Suspense fallback={null}>
          <StreamingCall />
        </Suspense>
      )}
      <div
        role="tabpanel"
        id={ids.panel(tab)}
        aria-labelledby={ids.tab(tab)}
        // Contained: laying out a step's record never forces a layout of the page around it.
        className="min-h-0 flex-1 [contain:content]"
      >
        <Suspense fallback={<LoadingNote what="the decision record" />}>
          {tab === 'spans' && imported ? (
            <SpansPanel imported={imported} onSelect={selectStep} />
          ) : index < 0 ? (
            <EmptyRecord running={status === 'running'} />
          ) : tab === 'decision' ? (
            <DecisionPanel
              steps={steps}
              index={index}
              trips={trips}
              escalation={escalation}
              config={config}
              conversations={conversations}
              lens={lens?.byStep.get(index) ?? null}
              onSelect={selectStep}
            />
          ) : (
            <ContextPanel
              steps={steps}
              index={index}
              conversations={conversations}
              attempts={attempts}
              onSelect={selectStep}
            />
          )}
        </Suspense>
      </div>
    </section>
  );
}
