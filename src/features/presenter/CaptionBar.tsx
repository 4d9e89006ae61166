import { CodeWords } from './CodeWords';
import { usePresenter } from './presenter-context';
import { useFitText } from './use-fit-text';
import {
  selectCurrentRow,
  selectPausedFor,
  selectPhase,
  selectRowCount,
  selectScenario,
} from './selectors';
import { CAPTION, MUTED, STRONG } from './styles';

/** Where playback stands, and why it paused by itself: one line above the caption. */
function StatusLine() {
  const row = usePresenter(selectCurrentRow);
  const rows = usePresenter(selectRowCount);
  const phase = usePresenter(selectPhase);
  const pausedFor = usePresenter(selectPausedFor);
  const badge = phase === 'paused' && pausedFor ? pausedFor : null;
  return (
    <div className="flex flex-wrap items-center gap-x-[1em] gap-y-[0.25em] text-[0.8em]">
      <p className={`tabular-nums ${MUTED}`}>
        {row ? `Step ${row.index + 1} of ${rows}` : `${rows} steps`}
        {phase === 'paused' && !badge ? ' · paused' : ''}
        {phase === 'ready' ? ' · press Space or Play to start' : ''}
      </p>
      {badge ? (
        <p
          className={`rounded-lg border-2 border-amber-600 bg-amber-50 px-4 py-1 font-semibold text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50`}
        >
          Paused: {badge} — press Space to continue
        </p>
      ) : null}
    </div>
  );
}

/**
 * The caption of the current row, large, in a polite live region (a screen reader reads each new
 * row and why playback paused). On the title card: the task.
 */
export function CaptionBar() {
  const row = usePresenter(selectCurrentRow);
  const scenario = usePresenter(selectScenario);
  const pausedFor = usePresenter(selectPausedFor);
  const phase = usePresenter(selectPhase);
  // At most a third of the screen: a long caption shrinks its type to fit, leaving the lanes room.
  const fitted = useFitText<HTMLElement>(
    `${row?.caption ?? scenario.task} ${phase} ${pausedFor ?? ''}`,
  );
  return (
    <section
      ref={fitted}
      aria-label="Caption"
      className={`max-h-[33vh] shrink-0 overflow-hidden border-t border-slate-200 bg-white px-8 py-3 dark:border-slate-800 dark:bg-slate-950 ${CAPTION}`}
    >
      <div aria-live="polite" className="flex flex-col gap-1">
        <StatusLine />
        {row ? (
          <p className={STRONG}>
            <CodeWords text={row.caption} />
          </p>
        ) : (
          <p className={STRONG}>
            <span className="font-bold">The task:</span> “{scenario.task}”
          </p>
        )}
      </div>
    </section>
  );
}
