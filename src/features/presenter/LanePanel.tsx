import { memo } from 'react';
import { useFitText } from './use-fit-text';
import { Clipped, clipLine, StepGlyph } from '../../components';
import type { PresentCell } from '../../projections/presentation';
import type { CaptionKind } from '../../projections/captions';
import { CodeWords } from './CodeWords';
import { KIND_ACCENT, KIND_DOT, KIND_WORD, WRONG_ANSWER } from './labels';
import { usePresenter } from './presenter-context';
import { selectLanes, selectPresentation, selectRow } from './selectors';
import { BODY, CARD, HEADING, MUTED, STRONG } from './styles';

const count = (value: number) => value.toLocaleString('en-US');
const NO_KINDS: readonly (CaptionKind | null)[] = [];

/** What the lane has spent so far, as words beside numbers. */
function Tally({ cell }: { readonly cell: PresentCell | null }) {
  const tally = cell?.tally ?? { llmCalls: 0, toolCalls: 0, tokens: 0 };
  const items = [
    [tally.llmCalls, tally.llmCalls === 1 ? 'LLM call' : 'LLM calls'],
    [tally.toolCalls, tally.toolCalls === 1 ? 'tool call' : 'tool calls'],
    [tally.tokens, 'tokens'],
  ] as const;
  return (
    <ul aria-label="So far" className={`flex flex-wrap gap-x-5 gap-y-1 ${BODY} ${MUTED}`}>
      {items.map(([value, word]) => (
        <li key={word} className="whitespace-nowrap">
          <strong className={`font-bold tabular-nums ${STRONG}`}>{count(value)}</strong> {word}
        </li>
      ))}
    </ul>
  );
}

/**
 * A dot per aligned row: rows shown so far in their kind's colour and glyph, the rows to come
 * as plain outlines (no spoilers), a gap dashed and empty, the current row ringed.
 */
function ProgressStrip({
  label,
  kinds,
  wrong,
  row,
}: {
  readonly label: string;
  readonly kinds: readonly (CaptionKind | null)[];
  /** Whether the row's step is an answer graded wrong. */
  readonly wrong: (row: number) => boolean;
  readonly row: number | null;
}) {
  return (
    <ol aria-label={`${label}: steps by row`} className="flex flex-wrap items-center gap-2.5">
      {kinds.map((kind, index) => {
        const current = index === row;
        const shown = row !== null && index <= row;
        const wrongAnswer = shown && kind === 'answer' && wrong(index);
        const tone =
          kind === null
            ? 'border-dashed border-slate-400 dark:border-slate-500'
            : wrongAnswer
              ? WRONG_ANSWER.dot
              : shown
                ? KIND_DOT[kind]
                : 'border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-800';
        return (
          <li
            key={index}
            aria-current={current ? 'step' : undefined}
            className={`flex h-[clamp(2.25rem,2.3vw,3rem)] w-[clamp(2.25rem,2.3vw,3rem)] items-center justify-center rounded-full border-2 ${tone} ${
              current
                ? 'ring-4 ring-sky-500 ring-offset-2 ring-offset-white dark:ring-sky-400 dark:ring-offset-slate-900'
                : ''
            }`}
          >
            {kind !== null && shown ? (
              <StepGlyph glyph={wrongAnswer ? 'denied' : kind} className="h-1/2 w-1/2" />
            ) : null}
            <span className="sr-only">
              Row {index + 1}:{' '}
              {kind === null
                ? 'no step'
                : wrongAnswer
                  ? WRONG_ANSWER.word
                  : shown
                    ? KIND_WORD[kind]
                    : 'to come'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The step at the current row, large: its kind, what it did, what came back, its words. */
function StepCard({
  cell,
  label,
  started,
}: {
  readonly cell: PresentCell | null;
  readonly label: string;
  readonly started: boolean;
}) {
  const base = `min-h-0 flex-1 overflow-auto rounded-xl border-2 px-5 py-4 ${CARD}`;
  const caption = cell?.caption ?? null;
  // A long answer shrinks its type to fit rather than scroll out of sight.
  const fitted = useFitText<HTMLDivElement>(started ? cell : null);
  if (!started || !cell || !caption) {
    return (
      <div
        ref={fitted}
        aria-label={`${label}: current step`}
        role="group"
        className={`${base} flex items-center border-dashed border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300`}
      >
        <p>{!started ? 'Waiting to start.' : (cell?.gap ?? 'No step here.')}</p>
      </div>
    );
  }
  const { kind, quote } = caption;
  // An answer's card leads with the answer itself: "Answers." would only repeat the chip.
  const answer = quote?.label === 'Answer' ? quote.text : null;
  const what = answer !== null && caption.why === null && kind === 'answer' ? null : caption.what;
  const wrong = kind === 'answer' && caption.correct === false;
  return (
    <div
      ref={fitted}
      aria-label={`${label}: current step`}
      role="group"
      className={`${base} flex flex-col gap-[0.4em] border-slate-200 border-l-8 bg-white dark:border-slate-700 dark:bg-slate-900 ${wrong ? WRONG_ANSWER.accent : KIND_ACCENT[kind]}`}
    >
      <p className="flex flex-wrap items-center gap-3">
        <span
          className={`flex h-[1.75em] w-[1.75em] shrink-0 items-center justify-center rounded-full border-2 ${wrong ? WRONG_ANSWER.dot : KIND_DOT[kind]}`}
        >
          <StepGlyph glyph={wrong ? 'denied' : kind} className="h-[1em] w-[1em]" />
        </span>
        <span className={`font-semibold ${MUTED}`}>{KIND_WORD[kind]}</span>
        {caption.correct !== null ? (
          <span
            className={`rounded-full px-3 py-0.5 font-bold ${
              caption.correct
                ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50'
                : 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-50'
            }`}
          >
            {caption.correct ? '✓ Correct' : '✗ Wrong'}
          </span>
        ) : null}
      </p>
      {what ? (
        <p className={`font-semibold wrap-anywhere ${STRONG}`}>
          <CodeWords text={clipLine(what)} />
        </p>
      ) : null}
      {caption.result ? (
        <p className={`wrap-anywhere ${MUTED}`}>{clipLine(caption.result)}</p>
      ) : null}
      {answer !== null ? (
        <Clipped text={answer}>
          {(shown) => <p className={`wrap-anywhere ${STRONG}`}>“{shown}”</p>}
        </Clipped>
      ) : quote ? (
        <Clipped text={quote.text}>
          {(shown) => (
            <blockquote
              className={`wrap-anywhere ${quote.label === 'Answer' ? STRONG : `${MUTED} italic`}`}
            >
              <span className="font-semibold not-italic">{quote.label}: </span>“{shown}”
            </blockquote>
          )}
        </Clipped>
      ) : null}
      {caption.guard ? (
        <p className="font-semibold text-rose-800 dark:text-rose-200">
          <span aria-hidden="true">⚠ </span>
          <CodeWords text={clipLine(caption.guard)} />
        </p>
      ) : null}
    </div>
  );
}

/** One lane: its name and tally, the strip of its rows, and its step at the current row. */
export const LanePanel = memo(function LanePanel({ index }: { readonly index: number }) {
  const lanes = usePresenter(selectLanes);
  const presentation = usePresenter(selectPresentation);
  const row = usePresenter(selectRow);
  const label = lanes[index]?.label ?? '';
  const cell = row === null ? null : (presentation?.rows[row]?.cells[index] ?? null);
  return (
    <section
      aria-label={label}
      className="flex min-h-0 min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <h2 className={`wrap-anywhere ${HEADING} ${STRONG}`}>{clipLine(label)}</h2>
        <ProgressStrip
          label={label}
          kinds={presentation?.strips[index] ?? NO_KINDS}
          wrong={(at) => presentation?.rows[at]?.cells[index]?.caption?.correct === false}
          row={row}
        />
      </div>
      <Tally cell={cell} />
      <StepCard cell={cell} label={label} started={row !== null} />
    </section>
  );
});
