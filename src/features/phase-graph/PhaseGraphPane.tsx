/**
 * The phase graph pane: the loop's machine with what the run did on it (aggregated), or the run
 * as it happened (unrolled). Data comes from the pure builder over narrow store slices; the
 * builder runs only when the path, steps, phase, cursor or mode change.
 */
import { useMemo, useState } from 'react';
import {
  MACHINE,
  buildPhaseGraph,
  type GraphPick,
  type PhaseGraphMode,
} from '../../projections/phase-graph';
import { attemptRange } from '../../projections/attempts';
import { useLens } from '../lens';
import { useRunStore, useRunStoreApi } from '../run';
import { GraphToolbar } from './GraphToolbar';
import { PhaseGraphCanvas } from './PhaseGraphCanvas';
import {
  selectAttempt,
  selectCursor,
  selectEscalation,
  selectGrade,
  selectLive,
  selectPath,
  selectPhase,
  selectSelection,
  selectSteps,
} from './selectors';

/** Step nodes the unrolled graph draws at most: beyond this a notice says how many it left out. */
const UNROLLED_CAP = 300;

/** The centre pane: a region named "Phase graph". */
export function PhaseGraphPane({
  initialMode = 'aggregate',
}: {
  /** The first mode: a small box (a compare lane) reads better unrolled. */
  readonly initialMode?: PhaseGraphMode;
} = {}) {
  const store = useRunStoreApi();
  const path = useRunStore(selectPath);
  const steps = useRunStore(selectSteps);
  const phase = useRunStore(selectPhase);
  const live = useRunStore(selectLive);
  const cursor = useRunStore(selectCursor);
  const escalation = useRunStore(selectEscalation);
  const grade = useRunStore(selectGrade);
  const selection = useRunStore(selectSelection);
  const attempt = useRunStore(selectAttempt);
  const wouldHave = useLens()?.byTransition ?? null;
  const [mode, setMode] = useState<PhaseGraphMode>(initialMode);
  const [showAll, setShowAll] = useState(false);
  const [readyKey, setReadyKey] = useState<string | null>(null);

  // An attempt chosen in the attempts strip: only what its steps did.
  const scope = useMemo(
    () => (attempt === null ? null : attemptRange(steps, attempt)),
    [steps, attempt],
  );
  const graph = useMemo(
    () =>
      buildPhaseGraph(
        MACHINE,
        { path, steps, phase, live, cursor, escalation, scope, wouldHave, grade },
        { mode, cap: UNROLLED_CAP, showAll },
      ),
    [path, steps, phase, live, cursor, escalation, scope, wouldHave, grade, mode, showAll],
  );
  // A new mode or "show all" gets a fresh canvas; within one, the canvas refits on new layouts.
  const flowKey = `${mode}:${showAll}`;

  const onPick = (pick: GraphPick) => {
    const state = store.getState();
    state.actions.select(pick.select);
    if (pick.step !== null) state.actions.selectStep(pick.step);
  };
  const onClear = () => store.getState().actions.select(null);

  return (
    <section
      aria-label="Phase graph"
      data-layout={readyKey === flowKey ? 'done' : 'pending'}
      data-mode={graph.mode}
      data-selection={selection ? `${selection.kind}:${selection.id}` : ''}
      data-attempt={attempt ?? 'all'}
      className="flex h-full min-h-0 flex-col bg-slate-50/60 dark:bg-slate-950"
    >
      <GraphToolbar
        mode={mode}
        onMode={setMode}
        showAll={showAll}
        onShowAll={setShowAll}
        hidden={graph.hidden}
        notice={graph.notice}
      />
      <div className="relative min-h-0 flex-1">
        {path.length === 0 && (
          <p className="pointer-events-none absolute inset-x-0 top-3 z-10 text-center text-xs text-slate-600 dark:text-slate-300">
            The loop&rsquo;s phases and how it moves between them. Run a scenario to see the way it
            goes.
          </p>
        )}
        <PhaseGraphCanvas
          key={flowKey}
          graph={graph}
          selection={selection}
          onPick={onPick}
          onClear={onClear}
          onReady={() => setReadyKey(flowKey)}
          hinted={path.length === 0}
        />
      </div>
    </section>
  );
}
