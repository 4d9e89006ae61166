/**
 * What the browser bench's modules share: the repository root, the limits (some from the env),
 * the one error a person reads and the progress line on stderr.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: vite builds and serves from here. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A matrix as `npm run bench`'s `matrix.*` runs it: simulated built-ins × the CLI's 4 configs,
 * at least this many runs (BENCH_MATRIX_RUNS raises it; the setup allows 100 seeds a cell, so
 * with these 4 configs at most 2,800: issue 12's 9,800 would need more configs picked).
 */
export const MATRIX_MIN_RUNS = positive(process.env.BENCH_MATRIX_RUNS, 1_000);
export const REPEAT = positive(process.env.BENCH_REPEAT, 3);
export const MATRIX_TIMEOUT_MS = positive(process.env.BENCH_TIMEOUT_S, 120) * 1000;
export const BUILD_TIMEOUT_MS = 300_000;
export const SERVER_TIMEOUT_MS = 30_000;
/** After the charts are on screen: this long without a long task means settled (waited 15 s at most). */
export const QUIET_MS = 1_000;
export const SETTLE_MAX_MS = 15_000;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

/** What went wrong, said once, for a person: the bench prints it and stops. */
export class BenchError extends Error {}

/** Writes one progress line to stderr, prefixed `bench-browser:`. */
export const log = (line: string) => process.stderr.write(`bench-browser: ${line}\n`);

/** A Playwright wait that ran out of time, said as `message`; other errors pass through. */
export const timedOut =
  (message: string) =>
  (error: unknown): never => {
    throw error instanceof Error && error.name === 'TimeoutError' ? new BenchError(message) : error;
  };

/** The message for a failure: a BenchError's own words, a timeout's, else the stack. */
export function failureMessage(error: unknown): string {
  return error instanceof BenchError
    ? error.message
    : error instanceof Error && error.name === 'TimeoutError'
      ? `timed out: ${error.message}`
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
}
