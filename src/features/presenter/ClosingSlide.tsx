import { Button, CLIP_CHARS, clipLine, FOCUS_RING } from '../../components';
import { PlayIcon } from '../../components/icons';
import type { ClosingMetric, LaneOutcome } from '../../projections/presentation';
import { VERDICT_STYLE } from './labels';
import { usePresenter, usePresenterApi } from './presenter-context';
import { compareHash } from './route';
import { selectLanes, selectPresentation, selectScenario } from './selectors';
import { BODY, CONTROL, MUTED, STRONG } from './styles';
import { useFitText } from './use-fit-text';

// The slide's type in `em` of its body size (BODY), so the whole slide shrinks to fit together.
const SLIDE_HEADING = 'text-[1.4em] leading-tight font-bold tracking-tight';
const SLIDE_NUMBER = 'text-[2.3em] leading-none font-bold whitespace-nowrap tabular-nums';

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
      <p className="font-semibold wrap-anywhere">{clipLine(outcome.label)}</p>
      <p className={SLIDE_HEADING}>
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
      className="row-span-4 grid min-w-0 grid-rows-subgrid gap-1 rounded-2xl border border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900"
    >
      <p className={`font-semibold ${MUTED}`}>{metric.label}</p>
      <p className={`${SLIDE_NUMBER} ${style.tone}`}>{metric.amount}</p>
      <p className={`font-semibold ${style.tone}`}>{word}</p>
      <p className={`tabular-nums ${MUTED}`}>
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
  // Everything on one screen: at 1024×768 the slide's type shrinks rather than scroll.
  const fitted = useFitText<HTMLElement>(presentation);
  if (!presentation) return null;
  const { closing, labels } = presentation;
  return (
    <section
      ref={fitted}
      aria-labelledby="presenter-closing"
      className={`flex min-h-0 flex-1 flex-col overflow-auto px-8 py-5 ${BODY}`}
    >
      <div className="my-auto flex flex-col gap-[clamp(0.75rem,1.6vh,2rem)]">
        <div className="flex flex-col gap-1">
          <p className={`font-semibold ${MUTED}`}>How the runs ended</p>
          <h2
            id="presenter-closing"
            className={`text-balance wrap-anywhere ${SLIDE_HEADING} ${STRONG}`}
          >
            {clipLine(closing.verdict, CLIP_CHARS)}
          </h2>
          {closing.cost && (
            <p className={STRONG}>The cost of the better outcome: {closing.cost.words}.</p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-5">
          {closing.lanes.map((outcome) => (
            <Outcome key={outcome.label} outcome={outcome} />
          ))}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className={`font-semibold wrap-anywhere ${STRONG}`}>
            The change from {clipLine(labels[0] ?? '')} to {clipLine(labels[1] ?? '')}
          </h3>
          {/* Each card's four lines on the grid's rows: a label that wraps keeps every number level. */}
          <div className="grid grid-cols-[repeat(auto-fit,minmax(8.5em,1fr))] gap-4">
            {closing.metrics.map((metric) => (
              <Delta
                key={metric.key}
                metric={metric}
                labels={labels}
                purpose={closing.cost?.purpose ?? null}
              />
            ))}
          </div>
          {closing.note && <p className={MUTED}>{closing.note}</p>}
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
