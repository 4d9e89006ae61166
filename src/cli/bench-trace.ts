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

/**
 * Pure: the request `--write-trace N FILE` in `args` names; null without the flag; a sentence
 * saying what is wrong with N or FILE otherwise.
 */
export function parseWriteTrace(
  args: readonly string[],
): WriteTraceRequest | { readonly problem: string } | null {
  const at = args.indexOf('--write-trace');
  if (at < 0) return null;
  const [count, file] = [args[at + 1], args[at + 2]];
  const usage = 'Usage: npm run --silent bench -- --write-trace N FILE';
  if (count === undefined || !/^\d+$/.test(count))
    return {
      problem: `--write-trace needs a whole number of steps, not ${count ?? 'nothing'}. ${usage}`,
    };
  const steps = Number(count);
  if (steps < 1 || steps > MAX_TRACE_STEPS)
    return {
      problem: `--write-trace writes 1 to ${MAX_TRACE_STEPS.toLocaleString('en-US')} steps, not ${count}.`,
    };
  if (!file || file.startsWith('--'))
    return { problem: `--write-trace needs the file to write after the number of steps. ${usage}` };
  return { steps, file };
}

/** Runs the bench's long run of `steps` steps and writes its native trace to `file`; its bytes. */
export async function writeBenchTrace(request: WriteTraceRequest): Promise<number> {
  const text = JSON.stringify(toNativeTraceJson(await longTrace(request.steps), benchScenario));
  writeFileSync(userPath(request.file), text);
  return Buffer.byteLength(text);
}
