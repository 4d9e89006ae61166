/** Pure: the eval view's numbers in words ("2.3k", "5.9 s", "75%"). */
import type { EvalSummary } from '../../projections/eval-matrix';

/** 840, 2.3k, 12k. */
export function compactCount(value: number): string {
  const rounded = Math.round(value);
  if (rounded < 1000) return String(rounded);
  if (rounded < 10_000) return `${(rounded / 1000).toFixed(1)}k`;
  return `${Math.round(rounded / 1000)}k`;
}

/** One decimal, none when whole: 4, 4.5. */
export function mean(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** Model time: 0.8 s, 12 s. */
export function seconds(ms: number): string {
  const s = ms / 1000;
  if (s === 0) return '0 s';
  return s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`;
}

/** "75%", or "–" when nothing was graded. */
export function accuracy(summary: Pick<EvalSummary, 'accuracy'>): string {
  return summary.accuracy === null ? '–' : `${Math.round(summary.accuracy * 100)}%`;
}

/** The means of a cell in two short lines: ["4 calls · 0.8 refl", "2.3k tok · 5.9 s"]. */
export function meansLines(summary: EvalSummary): [string, string] {
  return [
    `${mean(summary.calls)} calls · ${mean(summary.reflections)} refl`,
    `${compactCount(summary.tokens)} tok · ${seconds(summary.latencyMs)}`,
  ];
}

/** "2 stall, 1 cadence" (totals), or "none". */
export function triggersLine(summary: EvalSummary): string {
  const parts = Object.entries(summary.triggers)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([trigger, count]) => `${count} ${trigger}`);
  return parts.length ? parts.join(', ') : 'none';
}

/** "loopscope-eval-2025-01-31.csv": the local date of `now`. */
export function exportFilename(now: Date, extension: 'csv' | 'json'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `loopscope-eval-${date}.${extension}`;
}

/** "14 scenarios × 4 configs × 1 seed". */
export function runCountLine(scenarios: number, configs: number, seeds: number): string {
  const plural = (n: number, word: string) =>
    `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(scenarios, 'scenario')} × ${plural(configs, 'config')} × ${plural(seeds, 'seed')}`;
}

/** Failed runs that share one message: where the first one was, and how many more. */
export interface ErrorGroup {
  readonly message: string;
  readonly code: string | null;
  /** "rca-search-stall · react+off · seed 1", or null for the worker itself failing. */
  readonly first: string | null;
  readonly more: number;
}

/** Pure: the errors grouped by message, in the order each message first appears. */
export function groupErrors(
  errors: readonly {
    readonly scenario: string | null;
    readonly label: string | null;
    readonly seed: number | null;
    readonly message: string;
    readonly code?: string;
  }[],
): ErrorGroup[] {
  const groups = new Map<string, { group: ErrorGroup; count: number }>();
  for (const error of errors) {
    const seen = groups.get(error.message);
    if (seen) {
      seen.count += 1;
      continue;
    }
    const first = error.scenario ? `${error.scenario} · ${error.label} · seed ${error.seed}` : null;
    groups.set(error.message, {
      group: { message: error.message, code: error.code ?? null, first, more: 0 },
      count: 1,
    });
  }
  return [...groups.values()].map(({ group, count }) => ({ ...group, more: count - 1 }));
}

/**
 * Pure: what to do about an endpoint error whose message does not say (a server error, a rate
 * limit that outlasted the retries); null when the message already does.
 */
export function errorAdvice(code: string | null, message: string): string | null {
  if (code && /^http_5\d\d$/.test(code))
    return "Check the server's log; if it is overloaded, lower Concurrent runs and run again.";
  if (code === 'http_429' && !message.includes('insufficient_quota'))
    return 'The server is rate limiting: wait a little, lower Concurrent runs, and run again.';
  return null;
}
