/**
 * What the library's list shows of its runs: the search text (every word must appear in the
 * scenario's id or title, the run's name, mode, gating or answer), the outcome filter and the
 * scenario filter. Pure; `visibleRuns` is the store's memoised selector.
 */
import type { RunOutcome, RunSummary } from './library-types';

export interface LibraryQuery {
  readonly text: string;
  readonly outcome: RunOutcome | 'all';
  /** Only this scenario's runs; null: every scenario. */
  readonly scenarioId: string | null;
}

export const EVERY_RUN: LibraryQuery = { text: '', outcome: 'all', scenarioId: null };

/** Each summary's searchable text, lower-cased once (summaries are values: one per object). */
const haystacks = new WeakMap<RunSummary, string>();

function haystackOf(summary: RunSummary): string {
  let text = haystacks.get(summary);
  if (text === undefined) {
    text = [
      summary.scenarioId,
      summary.scenarioTitle,
      summary.name ?? '',
      summary.mode,
      summary.gating,
      summary.answer ?? '',
    ]
      .join('\n')
      .toLowerCase();
    haystacks.set(summary, text);
  }
  return text;
}

/** Pure: the runs that `query` keeps, in their order. */
export function filterRuns(
  runs: readonly RunSummary[],
  query: LibraryQuery,
): readonly RunSummary[] {
  const words = query.text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && query.outcome === 'all' && query.scenarioId === null) return runs;
  return runs.filter(
    (summary) =>
      (query.outcome === 'all' || summary.outcome === query.outcome) &&
      (query.scenarioId === null || summary.scenarioId === query.scenarioId) &&
      words.every((word) => haystackOf(summary).includes(word)),
  );
}

let lastRuns: readonly RunSummary[] | null = null;
let lastQuery: LibraryQuery | null = null;
let lastVisible: readonly RunSummary[] = [];

/** Selector: the runs the list shows (the same array until `runs` or `query` change). */
export function visibleRuns(state: {
  readonly runs: readonly RunSummary[];
  readonly query: LibraryQuery;
}): readonly RunSummary[] {
  if (state.runs !== lastRuns || state.query !== lastQuery) {
    lastRuns = state.runs;
    lastQuery = state.query;
    lastVisible = filterRuns(state.runs, state.query);
  }
  return lastVisible;
}
