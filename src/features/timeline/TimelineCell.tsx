import { memo } from 'react';
import { clipLine } from '../../components';
import { guardName, type CellLens, type TimelineCell as Cell } from '../../projections/timeline';
import {
  GuardMark,
  KIND_STYLE,
  KindGlyph,
  WouldHaveMark,
  WRONG_ANSWER_STYLE,
  WrongAnswerGlyph,
} from './kinds';

export interface TimelineCellProps {
  readonly cell: Cell;
  /** What the guards lens says of this step ("would have …"), or null. */
  readonly lens: CellLens | null;
  /** The id prefix of this strip's cells (`aria-activedescendant` points at one). */
  readonly idPrefix: string;
  /** The phase graph has a selection and this cell is not in it. */
  readonly dimmed: boolean;
  /** Where the cell is among the strip's cells, from 1, and how many there are: the strip
   * renders only the cells in view, so a screen reader learns "5 of 100,000" from these. */
  readonly position: number;
  readonly setSize: number;
}

/** A cell's accessible name: its number, what it is, and its marks. */
function cellName(cell: Cell, lens: CellLens | null): string {
  const parts = [`Step ${cell.index}: ${cell.description}`];
  if (cell.verdict) parts.push(cell.verdict);
  if (cell.kind === 'action' || cell.kind === 'empty') parts.push(cell.label);
  if (cell.guard) parts.push(`guard tripped: ${guardName(cell.guard)}`);
  if (lens) parts.push(`lens: ${lens.text}`);
  if (cell.attemptStart) parts.push(`attempt ${cell.attempt} starts`);
  if (cell.selected) parts.push('in the graph selection');
  return clipLine(parts.join(', '));
}

/**
 * One step of the timeline: a coloured box with its glyph (and its label when there is room),
 * the guard notch above it and its number below. The cursor marks (`data-current`,
 * `aria-selected`) are written by the playhead painter, never rendered, so a cursor move does
 * not re-render any cell.
 */
export const TimelineCell = memo(
  function TimelineCell({ cell, lens, idPrefix, dimmed, position, setSize }: TimelineCellProps) {
    return (
      <div
        role="option"
        id={`${idPrefix}${cell.index}`}
        data-index={cell.index}
        aria-selected="false"
        aria-posinset={position}
        aria-setsize={setSize}
        aria-label={cellName(cell, lens)}
        title={clipLine(lens ? `${cell.title}\nLens: ${lens.text}` : cell.title)}
        data-would-have={lens ? (lens.stops ? 'stop' : 'mark') : undefined}
        className={`group @container relative flex min-w-0 flex-1 cursor-pointer flex-col items-stretch gap-0.5 pt-3 transition-opacity ${dimmed ? 'opacity-35 hover:opacity-70 data-current:opacity-100' : ''}`}
      >
        {cell.guard && (
          <GuardMark className="absolute top-0 left-1/2 h-2 w-3 -translate-x-1/2 text-rose-600 dark:text-rose-400" />
        )}
        <div
          className={`flex h-8 items-center justify-center gap-1 overflow-hidden rounded-md border px-1 group-hover:brightness-95 dark:group-hover:brightness-125 group-data-current:ring-2 group-data-current:ring-slate-900 group-data-current:ring-offset-2 group-data-current:ring-offset-white dark:group-data-current:ring-white dark:group-data-current:ring-offset-slate-950 ${cell.wrong ? WRONG_ANSWER_STYLE : KIND_STYLE[cell.kind]}`}
        >
          {cell.wrong ? <WrongAnswerGlyph /> : <KindGlyph kind={cell.kind} />}
          <span className="hidden truncate text-xs font-medium @min-[5.5rem]:inline">
            {clipLine(cell.label)}
          </span>
        </div>
        {lens && <WouldHaveMark stops={lens.stops} className="absolute -top-0.5 right-1 h-3 w-3" />}
        <div
          className={`mx-1 h-1 ${
            cell.selected
              ? 'rounded-full bg-amber-500 dark:bg-amber-400'
              : lens
                ? // The lens's underline: dashed, never the graph selection's solid bar.
                  'border-b-2 border-dashed border-indigo-500 dark:border-indigo-300'
                : 'bg-transparent'
          }`}
        />
        <span className="text-center font-mono text-[10px] leading-3 text-slate-500 tabular-nums group-data-current:font-semibold group-data-current:text-slate-900 dark:text-slate-400 dark:group-data-current:text-white">
          {cell.index}
        </span>
      </div>
    );
  },
  (before, after) =>
    before.idPrefix === after.idPrefix &&
    before.dimmed === after.dimmed &&
    before.position === after.position &&
    before.setSize === after.setSize &&
    before.lens === after.lens &&
    sameCell(before.cell, after.cell),
);

/** Cells are rebuilt on every recorded step; equal ones keep their DOM untouched. */
function sameCell(a: Cell, b: Cell): boolean {
  return (
    a === b ||
    (a.index === b.index &&
      a.attempt === b.attempt &&
      a.kind === b.kind &&
      a.description === b.description &&
      a.label === b.label &&
      a.title === b.title &&
      a.selected === b.selected &&
      a.reflection === b.reflection &&
      a.guard === b.guard &&
      a.attemptStart === b.attemptStart &&
      a.verdict === b.verdict &&
      a.wrong === b.wrong)
  );
}
