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

/**
 * Pure: `runs` (newest first) with every summary of `batch` in its place, in one pass: one of
 * an id already listed with the same start replaces it where it stands; any other goes in by
 * its start, after the runs listed that started at the same time, in the batch's order (a later
 * summary of the same id wins). The same list as folding `upsertRun` over the batch, in time
 * linear in the list and the batch (the fold copies the list per summary: quadratic for an eval
 * matrix's thousands of runs).
 */
export function mergeRuns(runs: readonly RunSummary[], batch: readonly RunSummary[]): RunSummary[] {
  const latest = new Map<string, RunSummary>();
  for (const summary of batch) {
    // A later summary of the same start keeps the earlier one's place; of another, moves.
    if (latest.get(summary.id)?.startedAt !== summary.startedAt) latest.delete(summary.id);
    latest.set(summary.id, summary);
  }
  const kept: RunSummary[] = [];
  for (const run of runs) {
    const update = latest.get(run.id);
    if (!update) kept.push(run);
    else if (update.startedAt === run.startedAt) {
      kept.push(update);
      latest.delete(run.id);
    }
  }
  if (latest.size === 0) return kept;
  // Newest first; Array#sort is stable, so equal starts keep the batch's order.
  const inserts = [...latest.values()].sort((a, b) => b.startedAt - a.startedAt);
  const merged: RunSummary[] = [];
  let at = 0;
  for (const run of kept) {
    while (at < inserts.length && run.startedAt < inserts[at]!.startedAt)
      merged.push(inserts[at++]!);
    merged.push(run);
  }
  while (at < inserts.length) merged.push(inserts[at++]!);
  return merged;
}
