import { Button, FOCUS_RING } from '../../components';
import { PlayIcon } from '../../components/icons';
import type { ClosingMetric, LaneOutcome } from '../../projections/presentation';
import { VERDICT_STYLE } from './labels';
import { usePresenter, usePresenterApi } from './presenter-context';
import { compareHash } from './route';
import { selectLanes, selectPresentation, selectScenario } from './selectors';
import { BIG_NUMBER, BODY, CONTROL, HEADING, MUTED, STRONG } from './styles';

function Outcome({ outcome }: { readonly outcome: LaneOutcome }) {
  const tone =
    outcome.good === true
      ? 'border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-50'
      : outcome.good === false
        ? 'border-rose-600 bg-rose-50 text-rose-900 dark:border-rose-400 dark:bg-rose-950 dark:text-rose-50'
        : 'border-slate-400 bg-white text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-white';
  const mark = outcome.good === true ? '✓' : outcome.good === false ? '✗' : '•';
  return (
    <div
      role="group"
      aria-label={outcome.label}
      className={`flex flex-wrap items-baseline gap-x-5 gap-y-1 rounded-2xl border-2 px-6 py-3 ${tone}`}
    >
      <p className={`${BODY} font-semibold`}>{outcome.label}</p>
      <p className={HEADING}>
        <span aria-hidden="true">{mark} </span>
        {outcome.words}
      </p>
    </div>
  );
}

/** One number of the slide: the change, big; its verdict in words; both lanes' values. */
function Delta({
  metric,
  labels,
  purpose,
}: {
  readonly metric: ClosingMetric;
  readonly labels: readonly string[];
  /** What a `cost` bought ("to answer correctly"). */
  readonly purpose: string | null;
}) {
  const style = VERDICT_STYLE[metric.verdict];
  const word = metric.verdict === 'cost' && purpose ? purpose : style.word;
  return (
    <div
      role="group"
      aria-label={metric.label}
      className="flex min-w-0 flex-col gap-1 rounded-2xl border border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className={`${BODY} font-semibold ${MUTED}`}>{metric.label}</p>
      <p className={`${BIG_NUMBER} ${style.tone}`}>{metric.amount}</p>
      <p className={`${BODY} font-semibold ${style.tone}`}>{word}</p>
      <p className={`${BODY} tabular-nums ${MUTED}`}>
        <span className="sr-only">
          {labels[0]} {metric.values[0]}, {labels[1]} {metric.values[1]}
        </span>
        <span aria-hidden="true">
          {metric.values[0]} → {metric.values[1]}
        </span>
      </p>
    </div>
  );
}

/**
 * The closing slide: the verdict in one sentence, how each lane ended, the second lane's deltas
 * against the first in big numbers (coloured better or worse, and saying so); Play again, Open in
 * compare.
 */
export function ClosingSlide() {
  const store = usePresenterApi();
  const presentation = usePresenter(selectPresentation);
  const lanes = usePresenter(selectLanes);
  const scenario = usePresenter(selectScenario);
  if (!presentation) return null;
  const { closing, labels } = presentation;
  return (
    <section
      aria-labelledby="presenter-closing"
      className="flex min-h-0 flex-1 flex-col overflow-auto px-8 py-5"
    >
      <div className="my-auto flex flex-col gap-[clamp(1rem,1.6vh,2rem)]">
        <div className="flex flex-col gap-1">
          <p className={`${BODY} font-semibold ${MUTED}`}>How the runs ended</p>
          <h2 id="presenter-closing" className={`text-balance ${HEADING} ${STRONG}`}>
            {closing.verdict}
          </h2>
          {closing.cost && (
            <p className={`${BODY} ${STRONG}`}>
              The cost of the better outcome: {closing.cost.words}.
            </p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-5">
          {closing.lanes.map((outcome) => (
            <Outcome key={outcome.label} outcome={outcome} />
          ))}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className={`${BODY} font-semibold ${STRONG}`}>
            The change from {labels[0]} to {labels[1]}
          </h3>
          <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-4">
            {closing.metrics.map((metric) => (
              <Delta
                key={metric.key}
                metric={metric}
                labels={labels}
                purpose={closing.cost?.purpose ?? null}
              />
            ))}
          </div>
          {closing.note && <p className={`${BODY} ${MUTED}`}>{closing.note}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            tone="primary"
            className={CONTROL}
            onClick={() => store.getState().actions.playAgain()}
          >
            <PlayIcon />
            Play again
          </Button>
          <a
            href={compareHash(scenario.id, lanes)}
            className={`inline-flex items-center rounded-md border border-slate-400 bg-white font-medium text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800 ${CONTROL} ${FOCUS_RING}`}
          >
            Open in compare
          </a>
        </div>
      </div>
    </section>
  );
}
