import { Fragment } from 'react';
import { FOCUS_RING } from '../../components';
import type { MemoryBlock, MemoryReflection } from '../../projections/attempt-memory';

const LINK = `rounded font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`;

/** Where a reflection came from, in words. */
function origin(reflection: MemoryReflection): string {
  return reflection.from
    ? `written by attempt ${reflection.from.attempt} (step ${reflection.from.step})`
    : 'from memory kept before this run';
}

/** A button that shows the reflection's step (and so its attempt); plain words without one. */
function SourceLink({
  reflection,
  onSelect,
}: {
  readonly reflection: MemoryReflection;
  readonly onSelect: (step: number) => void;
}) {
  const from = reflection.from;
  if (!from) return <span>{origin(reflection)}</span>;
  return (
    <button type="button" className={LINK} onClick={() => onSelect(from.step)}>
      From attempt {from.attempt}
      <span className="sr-only">
        : show reflection {reflection.number}&apos;s step {from.step}
      </span>
    </button>
  );
}

/**
 * The memory a prompt carried, above its messages: how many reflections and characters, and for
 * each where it came from, linked back to the attempt that wrote it.
 */
export function MemorySummary({
  block,
  onSelect,
  onShow,
}: {
  readonly block: MemoryBlock;
  readonly onSelect: (step: number) => void;
  /** Scrolls reflection `number`'s words into view in the prompt below. */
  readonly onShow: (number: number) => void;
}) {
  const count = block.reflections.length;
  return (
    <div
      aria-label="Reflection memory"
      role="group"
      className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-slate-800 dark:border-amber-700/70 dark:bg-amber-950/30 dark:text-slate-200"
    >
      <p>
        <span className="font-semibold">
          {count} reflection{count === 1 ? '' : 's'} from previous attempts
        </span>{' '}
        in the system prompt · {block.end - block.start} characters of memory (highlighted below)
      </p>
      <ul className="mt-0.5 space-y-0.5">
        {block.reflections.map((reflection) => (
          <li key={reflection.number}>
            [Reflection {reflection.number}] · {reflection.content.length} characters ·{' '}
            <button type="button" className={LINK} onClick={() => onShow(reflection.number)}>
              Show in the prompt
            </button>{' '}
            · <SourceLink reflection={reflection} onSelect={onSelect} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A system prompt with its reflection memory marked: each injected reflection's exact words in a
 * `mark`, its label followed by a link to the attempt that wrote it. Text only (never HTML).
 */
export function MemoryText({
  text,
  block,
  onSelect,
  markId,
}: {
  readonly text: string;
  readonly block: MemoryBlock;
  readonly onSelect: (step: number) => void;
  /** The element id of reflection `number`'s mark. */
  readonly markId: (number: number) => string;
}) {
  const { reflections } = block;
  const parts = reflections.map((reflection, position) => {
    // The text between the previous reflection (or the prompt's start) and this one's label.
    const from = position === 0 ? 0 : reflections[position - 1]!.end;
    const before = text.slice(from, reflection.labelStart);
    const label = text.slice(reflection.labelStart, reflection.start).trimEnd();
    return (
      <Fragment key={reflection.number}>
        {before}
        <span className="font-semibold">{label}</span>{' '}
        <span className="font-sans text-[11px]">
          (<SourceLink reflection={reflection} onSelect={onSelect} />)
        </span>
        {'\n'}
        <mark
          id={markId(reflection.number)}
          data-reflection={reflection.number}
          title={`Reflection ${reflection.number}, ${origin(reflection)}`}
          className="rounded-sm bg-amber-200/80 text-slate-950 dark:bg-amber-400/30 dark:text-amber-50"
        >
          {reflection.content}
        </mark>
      </Fragment>
    );
  });
  const rest = text.slice(reflections.at(-1)?.end ?? 0);
  return (
    <p className="font-mono text-xs leading-5 break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100">
      {parts}
      {rest}
    </p>
  );
}
