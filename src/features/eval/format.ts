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
