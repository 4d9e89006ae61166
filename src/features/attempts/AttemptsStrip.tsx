import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { FOCUS_RING } from '../../components';
import { outcomeText, type AttemptSummary } from '../../projections/attempts';
import { useRunActions, useRunStore } from '../run';
import { FRAMING_LABEL, FRAMING_TITLE, JUDGE_LABEL, JUDGE_TITLE, rewardTone } from './labels';
import { selectAttempt, selectAttempts, selectHasAttempts } from './selectors';

/** Reflections longer than this start clipped to the line, with "Show all". */
const CLIP_REFLECTION = 40;

const CHOICE = `rounded-md border text-left transition-colors ${FOCUS_RING}`;
const CHOSEN =
  'border-sky-600 bg-sky-50 ring-1 ring-sky-600 dark:border-sky-400 dark:bg-sky-950/50 dark:ring-sky-400';
const UNCHOSEN =
  'border-slate-200 bg-white hover:border-slate-400 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-500';

function FramingChip({ framing }: { readonly framing: 'failure' | 'neutral' }) {
  return (
    <span
      title={FRAMING_TITLE[framing]}
      className={`rounded px-1 py-px font-sans text-[10px] font-medium ${
        framing === 'failure'
          ? 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100'
          : 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'
      }`}
    >
      {FRAMING_LABEL[framing]}
    </span>
  );
}

/**
 * The reflection an attempt left: its step, framing and exact words (text, never HTML), on one
 * line until "Show all".
 */
function ReflectionText({ summary }: { readonly summary: AttemptSummary }) {
  const [full, setFull] = useState(false);
  const reflection = summary.reflection;
  if (!reflection) return null;
  const long = reflection.text.length > CLIP_REFLECTION;
  const clipped = long && !full;
  return (
    <div
      className={`mt-0.5 flex gap-x-1.5 text-[11px] leading-4 ${clipped ? 'items-center' : 'flex-wrap items-baseline'}`}
    >
      <span className="shrink-0 font-semibold text-slate-800 dark:text-slate-200">
        Reflection (step {reflection.step})
      </span>
      <FramingChip framing={reflection.framing} />
      {long && (
        <button
          type="button"
          onClick={() => setFull(!full)}
          className={`order-last shrink-0 text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
        >
          {full ? 'Show less' : 'Show all'}
        </button>
      )}
      <p
        aria-label={`Reflection on attempt ${summary.attempt}`}
        title={clipped ? reflection.text : undefined}
        className={`text-xs text-slate-900 dark:text-slate-100 ${
          clipped ? 'min-w-0 flex-1 truncate' : 'basis-full break-words whitespace-pre-wrap'
        }`}
      >
        {reflection.text}
      </p>
    </div>
  );
}

/**
 * What the model judge said of the attempt: its step, that it is weaker than an environment
 * check, and its score and reason, or why the reward is unknown.
 */
function JudgeText({ summary }: { readonly summary: AttemptSummary }) {
  const judge = summary.judge;
  if (!judge) return null;
  return (
    <p
      aria-label={`Judge on attempt ${summary.attempt}`}
      title={judge.text}
      className="mt-0.5 flex items-center gap-x-1.5 text-[11px] leading-4"
    >
      <span className="shrink-0 font-semibold text-slate-800 dark:text-slate-200">
        Judge (step {judge.step})
      </span>
      <span
        title={JUDGE_TITLE}
        className="shrink-0 rounded bg-amber-100 px-1 py-px font-sans text-[10px] font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
      >
        {JUDGE_LABEL}
      </span>
      <span className="min-w-0 flex-1 truncate text-xs text-slate-900 dark:text-slate-100">
        {judge.text}
      </span>
    </p>
  );
}

function AttemptCard({
  summary,
  chosen,
  focusable,
  onChoose,
  buttonRef,
}: {
  readonly summary: AttemptSummary;
  readonly chosen: boolean;
  readonly focusable: boolean;
  readonly onChoose: () => void;
  readonly buttonRef: (element: HTMLButtonElement | null) => void;
}) {
  const outcome = outcomeText(summary);
  const whyId = `${useId()}-why`;
  return (
    <div
      className={`flex w-[32rem] max-w-[80vw] shrink-0 flex-col px-2.5 py-1 ${CHOICE} ${chosen ? CHOSEN : UNCHOSEN}`}
    >
      <button
        ref={buttonRef}
        type="button"
        role="radio"
        aria-checked={chosen}
        aria-label={`Attempt ${summary.attempt}: ${outcome}, ${summary.rewardText}`}
        aria-describedby={whyId}
        tabIndex={focusable ? 0 : -1}
        onClick={onChoose}
        className={`-mx-1 rounded px-1 text-left ${FOCUS_RING}`}
      >
        <span className="flex items-center gap-1.5 text-xs whitespace-nowrap">
          <span
            aria-hidden="true"
            className="rounded bg-fuchsia-100 px-1 font-mono text-[10px] font-semibold text-fuchsia-900 dark:bg-fuchsia-900/70 dark:text-fuchsia-100"
          >
            A{summary.attempt}
          </span>
          <span className="font-semibold text-slate-900 dark:text-slate-50">
            Attempt {summary.attempt}
          </span>
          <span className="text-slate-600 dark:text-slate-400">
            · {outcome} · {summary.stepCount} step{summary.stepCount === 1 ? '' : 's'}
          </span>
          <span
            className={`ml-auto rounded px-1.5 py-px text-[11px] font-medium tabular-nums ${rewardTone(summary)}`}
          >
            {summary.rewardText}
          </span>
        </span>
        {summary.answer !== null && (
          <span className="mt-0.5 block truncate text-[11px] text-slate-700 dark:text-slate-300">
            Answer: {summary.answer}
          </span>
        )}
        <span id={whyId} className="mt-0.5 block text-[11px] text-slate-600 dark:text-slate-400">
          {summary.why}
        </span>
      </button>
      <JudgeText summary={summary} />
      <ReflectionText summary={summary} />
    </div>
  );
}

/**
 * The attempts of a run with more than one (nothing otherwise): each one's outcome, reward and
 * its source, whether it was reflected on and why, and the reflection it left. Choosing one
 * scopes the timeline and the phase graph to it; "All attempts" shows the whole run. A radio
 * group: ←/→ (Home/End) move between the choices and choose.
 */
export function AttemptsStrip() {
  const shown = useRunStore(selectHasAttempts);
  const attempts = useRunStore(selectAttempts);
  const chosen = useRunStore(selectAttempt);
  const { selectAttempt: choose } = useRunActions();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  if (!shown) return null;

  // Choice 0 is "All attempts", then one per attempt.
  const choices: (number | null)[] = [null, ...attempts.map((summary) => summary.attempt)];
  const at = Math.max(0, choices.indexOf(chosen));
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const last = choices.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (at + 1) % choices.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (at - 1 + choices.length) % choices.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    choose(choices[next] ?? null);
    refs.current[next]?.focus();
  };

  return (
    <section
      aria-label="Attempts"
      className="shrink-0 border-b border-slate-200 bg-slate-50/70 px-3 py-1 dark:border-slate-800 dark:bg-slate-900/40"
    >
      <div
        role="radiogroup"
        aria-label="Show attempt"
        onKeyDown={onKeyDown}
        className="flex max-h-28 items-start gap-2 overflow-auto"
      >
        <div className="flex shrink-0">
          <button
            ref={(element) => {
              refs.current[0] = element;
            }}
            type="button"
            role="radio"
            aria-checked={chosen === null}
            aria-label={`All attempts (${attempts.length})`}
            tabIndex={at === 0 ? 0 : -1}
            onClick={() => choose(null)}
            className={`w-20 px-2 py-1 text-xs font-medium text-slate-900 dark:text-slate-100 ${CHOICE} ${
              chosen === null ? CHOSEN : UNCHOSEN
            }`}
          >
            All
            <span className="block text-[11px] font-normal text-slate-600 dark:text-slate-400">
              {attempts.length} attempts
            </span>
          </button>
        </div>
        {attempts.map((summary, position) => (
          <AttemptCard
            key={summary.attempt}
            summary={summary}
            chosen={chosen === summary.attempt}
            focusable={at === position + 1}
            onChoose={() => choose(summary.attempt)}
            buttonRef={(element) => {
              refs.current[position + 1] = element;
            }}
          />
        ))}
      </div>
    </section>
  );
}
