import { memo } from 'react';
import type { Scenario } from '../../engine';
import { Button } from '../../components';
import { runOutcome } from '../../projections/eval-matrix';
import { runnableScenarioIds, type EvalStatus } from '../../state/eval-store';
import { selectConnectOrigins, useEndpoints, useEndpointsActions } from '../endpoints';
import { runTarget, useChosenEndpoint } from './endpoint-choice';
import { useEvalActions, useEvalStore } from './eval-store-context';
import { runCountLine } from './format';
import { OUTCOME_LABEL } from './labels';
import {
  selectCancelling,
  selectDone,
  selectLatest,
  selectSelection,
  selectStatus,
  selectTotal,
} from './selectors';

/** The run count of the selection (and on which model), Run matrix / Cancel, the progress bar and the count. */
export const RunPanel = memo(function RunPanel({
  scenarios,
}: {
  readonly scenarios: readonly Scenario[];
}) {
  const actions = useEvalActions();
  const selection = useEvalStore(selectSelection);
  const status = useEvalStore(selectStatus);
  const cancelling = useEvalStore(selectCancelling);
  const endpoint = useChosenEndpoint();
  const { keyFor } = useEndpointsActions();
  const connectOrigins = useEndpoints(selectConnectOrigins);
  const running = status === 'running';
  const scenarioCount = runnableScenarioIds(selection, scenarios, endpoint !== null).length;
  const runs = scenarioCount * selection.configLabels.length * selection.seeds;
  return (
    <div className="space-y-2 border-t border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900/60">
      <p className="text-[12px] leading-snug text-slate-600 tabular-nums dark:text-slate-300">
        {runs === 0 ? (
          endpoint && selection.scenarioIds.length > 0 && selection.configLabels.length > 0 ? (
            'Every picked scenario is a scripted replay: pick one that is not to run on an endpoint.'
          ) : (
            'Pick at least one scenario and one config.'
          )
        ) : (
          <>
            <span className="font-semibold text-slate-900 dark:text-slate-100">
              {runs.toLocaleString('en-US')} runs
            </span>
            {endpoint && (
              <span className="text-slate-900 dark:text-slate-100"> on {endpoint.name}</span>
            )}{' '}
            <span className="text-[11px] text-slate-500 dark:text-slate-400">
              = {runCountLine(scenarioCount, selection.configLabels.length, selection.seeds)}
              {endpoint ? `, ${selection.concurrency} at a time` : ''}
            </span>
          </>
        )}
      </p>
      <div className="flex gap-2">
        <Button
          tone="primary"
          size="sm"
          className="flex-1"
          disabled={running || runs === 0}
          onClick={() => {
            // The key goes from the endpoints store straight into the run message.
            actions.run(endpoint ? runTarget(endpoint, keyFor(endpoint.id), connectOrigins) : null);
          }}
        >
          Run matrix
        </Button>
        <Button
          tone="danger"
          size="sm"
          disabled={!running || cancelling}
          onClick={() => actions.cancel()}
        >
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
      <MatrixProgress />
    </div>
  );
});

const STATUS_WORD: Readonly<Record<EvalStatus, string>> = {
  idle: 'Not run yet',
  running: 'Running',
  done: 'Done',
  cancelled: 'Cancelled',
  stopped: 'Stopped early',
};

/** The progress bar (role progressbar, its value the runs done) and the count under it. */
function MatrixProgress() {
  const status = useEvalStore(selectStatus);
  const done = useEvalStore(selectDone);
  const total = useEvalStore(selectTotal);
  const latest = useEvalStore(selectLatest);
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const tone =
    status === 'cancelled' || status === 'stopped'
      ? 'bg-amber-500'
      : status === 'done'
        ? 'bg-emerald-500'
        : 'bg-sky-600 dark:bg-sky-400';
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Matrix progress"
        aria-valuemin={0}
        aria-valuemax={Math.max(total, 1)}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} runs`}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${share * 100}%` }} />
      </div>
      <div className="flex items-baseline justify-between gap-2 text-[11px] text-slate-500 tabular-nums dark:text-slate-400">
        <span>
          {STATUS_WORD[status]}
          {latest && status === 'running'
            ? ` · ${latest.scenario} · ${latest.label} → ${OUTCOME_LABEL[runOutcome(latest)]}`
            : ''}
        </span>
        <span className="shrink-0" data-testid="eval-count">
          {done.toLocaleString('en-US')} / {total.toLocaleString('en-US')} runs
        </span>
      </div>
    </div>
  );
}
