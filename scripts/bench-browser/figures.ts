/** The figures of one matrix, computed from the probe's record: pure, no page. */
import type { Readout, Span } from './probe';
import { oneDecimal } from './stats';

/** The figures of one matrix; the report holds the median of each over REPEAT page loads. */
export interface BrowserMatrixFigures {
  readonly runs: number;
  /** Runs over the seconds from the click on Run matrix to the rows in the table. */
  readonly runsPerSecond: number;
  readonly secondsToRows: number;
  /** From the click to the first progress report: its first run (the worker starts with the view). */
  readonly msToFirstProgress: number;
  /** Runs per second between the first and the last progress report: the worker, warmed up. */
  readonly workerRunsPerSecond: number;
  /** Longest `longtask` from the click until the worker's rows arrive (0: none over 50 ms). */
  readonly longestTaskMs: number;
  /** Longest `longtask` from the rows' arrival until the table and charts have settled. */
  readonly longestTaskOnRowsMs: number;
  /** The `longtask` the rows arrive in (the table and the charts render in it; 0: under 50 ms). */
  readonly rowsTaskMs: number;
  /** Longest gap between two animation frames while running (a cross-check; ~17 ms idle). */
  readonly longestFrameGapMs: number;
  /** The same from the rows' arrival until settled. */
  readonly longestFrameGapOnRowsMs: number;
}

/** The keys of BrowserMatrixFigures in report order (the JSON's and the log's). */
export const FIGURE_KEYS: readonly (keyof BrowserMatrixFigures)[] = [
  'runs',
  'runsPerSecond',
  'secondsToRows',
  'msToFirstProgress',
  'workerRunsPerSecond',
  'longestTaskMs',
  'longestTaskOnRowsMs',
  'rowsTaskMs',
  'longestFrameGapMs',
  'longestFrameGapOnRowsMs',
];

const longest = (spans: readonly Span[]) =>
  spans.reduce((max, span) => Math.max(max, span.end - span.start), 0);

/** Pure: splits tasks and frame gaps at the rows' arrival (one that ends before it ran while the worker did). */
export function figures(runs: number, probe: Readout): BrowserMatrixFigures {
  const { clickAt, doneAt, settledAt, firstProgress, lastProgress } = probe;
  const running = (span: Span) => span.end > clickAt && span.end < doneAt;
  const onRows = (span: Span) => span.end >= doneAt && span.start <= settledAt;
  const seconds = (doneAt - clickAt) / 1000;
  const steady =
    firstProgress && lastProgress && lastProgress.at > firstProgress.at
      ? (lastProgress.done - firstProgress.done) / ((lastProgress.at - firstProgress.at) / 1000)
      : Number.NaN;
  return {
    runs,
    runsPerSecond: Math.round(runs / seconds),
    secondsToRows: Number(seconds.toFixed(3)),
    msToFirstProgress: firstProgress ? Math.round(firstProgress.at - clickAt) : Number.NaN,
    workerRunsPerSecond: Math.round(steady),
    longestTaskMs: oneDecimal(longest(probe.tasks.filter(running))),
    longestTaskOnRowsMs: oneDecimal(longest(probe.tasks.filter(onRows))),
    rowsTaskMs: oneDecimal(
      longest(probe.tasks.filter((task) => task.start <= doneAt && task.end >= doneAt)),
    ),
    longestFrameGapMs: oneDecimal(longest(probe.gaps.filter(running))),
    longestFrameGapOnRowsMs: oneDecimal(longest(probe.gaps.filter(onRows))),
  };
}
