/**
 * `npm run --silent bench -- --write-trace N FILE`: writes the bench's N-step run as a native
 * trace file (Trace JSON v2, with its scenario), the file the bench reads back and opens, so
 * anyone can reproduce the figures or open it in the app (Open…).
 */
import { writeFileSync } from 'node:fs';
import { toNativeTraceJson } from '../engine';
import { benchScenario, longTrace } from './bench-runs';
import { userPath } from './user-path';

/** The largest N: a 1,000,000-step file is ~0.9 GB, about what one V8 string can hold. */
export const MAX_TRACE_STEPS = 1_000_000;

export type WriteTraceRequest = { readonly steps: number; readonly file: string };

/** What `--<flag> N FILE` writes: N `unit` (`min` to `max`), and the words of its range. */
export interface WriteFlag {
  readonly flag: string;
  readonly unit: string;
  readonly min: number;
  readonly max: number;
  /** Said after the range when N is outside it (why the limit). */
  readonly why?: string;
}

/**
 * Pure: N and FILE of `--<flag> N FILE` in `args`; null without the flag; a sentence saying what
 * is wrong with N or FILE otherwise.
 */
export function parseWriteFlag(
  args: readonly string[],
  { flag, unit, min, max, why }: WriteFlag,
): { readonly count: number; readonly file: string } | { readonly problem: string } | null {
  const at = args.indexOf(`--${flag}`);
  if (at < 0) return null;
  const [count, file] = [args[at + 1], args[at + 2]];
  const usage = `Usage: npm run --silent bench -- --${flag} N FILE`;
  if (count === undefined || !/^\d+$/.test(count))
    return {
      problem: `--${flag} needs a whole number of ${unit}, not ${count ?? 'nothing'}. ${usage}`,
    };
  const number = Number(count);
  if (number < min || number > max)
    return {
      problem: `--${flag} writes ${min} to ${max.toLocaleString('en-US')} ${unit}${why ? ` ${why}` : ''}, not ${count}.`,
    };
  if (!file || file.startsWith('--'))
    return { problem: `--${flag} needs the file to write after the number of ${unit}. ${usage}` };
  return { count: number, file };
}

/**
 * Pure: the request `--write-trace N FILE` in `args` names; null without the flag; a sentence
 * saying what is wrong with N or FILE otherwise.
 */
export function parseWriteTrace(
  args: readonly string[],
): WriteTraceRequest | { readonly problem: string } | null {
  const parsed = parseWriteFlag(args, {
    flag: 'write-trace',
    unit: 'steps',
    min: 1,
    max: MAX_TRACE_STEPS,
  });
  return parsed && 'count' in parsed ? { steps: parsed.count, file: parsed.file } : parsed;
}

/** Runs the bench's long run of `steps` steps and writes its native trace to `file`; its bytes. */
export async function writeBenchTrace(request: WriteTraceRequest): Promise<number> {
  const text = JSON.stringify(toNativeTraceJson(await longTrace(request.steps), benchScenario));
  writeFileSync(userPath(request.file), text);
  return Buffer.byteLength(text);
}
