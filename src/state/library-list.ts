/** The library's list, pure: kept runs' summaries newest first. */
import type { RunSummary } from './library-types';

/** Pure: `runs` with `summary` in its place, newest first (replacing the one of its id). */
export function upsertRun(runs: readonly RunSummary[], summary: RunSummary): RunSummary[] {
  const at = runs.findIndex((run) => run.id === summary.id);
  if (at >= 0 && runs[at]!.startedAt === summary.startedAt) {
    const next = runs.slice();
    next[at] = summary;
    return next;
  }
  const rest = at >= 0 ? runs.filter((run) => run.id !== summary.id) : runs.slice();
  const before = rest.findIndex((run) => run.startedAt < summary.startedAt);
  rest.splice(before < 0 ? rest.length : before, 0, summary);
  return rest;
}
