/**
 * The page side of the browser bench's `library.*` figures, bundled for the page by
 * `library.ts` and run in Chromium against real IndexedDB through the app's own Dexie adapter
 * (`src/storage`, on a database of its own): saving a 1,000-step run, listing 10,000 kept runs,
 * reading a 10,000-step trace file. Each figure is the median of REPEAT tries, in ms.
 */
import { benchScenario, longTrace } from '../../src/cli/bench-runs';
import { readTraceText, toNativeTraceJson } from '../../src/engine';
import { recordOfTrace } from '../../src/state/run-record';
import { openRunLibrary } from '../../src/storage';
import { median } from './stats';

export interface BrowserLibraryFigures {
  /** `put` of one run of `savedRunSteps` steps (its summary and record, one transaction). */
  readonly saveRunMs: number;
  readonly savedRunSteps: number;
  readonly savedRunBytes: number;
  /** Writing `listedRuns` short runs, in transactions of WRITE_BATCH (once: the list's set-up). */
  readonly writeRunsMs: number;
  /** `list` of `listedRuns` kept runs: every summary, newest first, no trace read. */
  readonly listRunsMs: number;
  readonly listedRuns: number;
  /** `readTraceText` of a native trace file of `traceFileSteps` steps. */
  readonly openTraceFileMs: number;
  readonly traceFileSteps: number;
  readonly traceFileBytes: number;
}

const REPEAT = 5;
const SAVED_STEPS = 1_000;
const LISTED_RUNS = 10_000;
const FILE_STEPS = 10_000;
/** Runs per transaction while filling the list (a library file opened writes this way too). */
const WRITE_BATCH = 1_000;
/** A short run per listed entry: about what an inspector run of a built-in scenario records. */
const LISTED_RUN_STEPS = 8;

const round = (ms: number) => Math.round(ms * 10) / 10;

async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function measureLibrary(): Promise<BrowserLibraryFigures> {
  const port = await openRunLibrary({
    indexedDB,
    IDBKeyRange,
    name: 'loopscope-bench-library',
  });
  const record = (id: string, trace: Awaited<ReturnType<typeof longTrace>>, at: number) =>
    recordOfTrace(trace, { id, scenario: benchScenario, origin: { kind: 'live' }, startedAt: at });

  const long = await longTrace(SAVED_STEPS);
  const saves: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    saves.push(await timed(() => port.put(record(`long-${i}`, long, i))));
  }
  const savedRunBytes = JSON.stringify(record('long-0', long, 0)).length;
  await port.remove(Array.from({ length: REPEAT }, (_, i) => `long-${i}`));

  const short = await longTrace(LISTED_RUN_STEPS);
  const writeRunsMs = await timed(async () => {
    for (let start = 0; start < LISTED_RUNS; start += WRITE_BATCH) {
      const entries = Array.from({ length: WRITE_BATCH }, (_, i) => ({
        record: record(`run-${start + i}`, short, start + i),
      }));
      await port.putAll(entries);
    }
  });
  const lists: number[] = [];
  let listed = 0;
  for (let i = 0; i < REPEAT; i++) {
    lists.push(await timed(async () => (listed = (await port.list()).length)));
  }

  const text = JSON.stringify(toNativeTraceJson(await longTrace(FILE_STEPS), benchScenario));
  const opens: number[] = [];
  let steps = 0;
  for (let i = 0; i < REPEAT; i++) {
    opens.push(await timed(() => (steps = readTraceText(text).trace.steps.length)));
  }
  return {
    saveRunMs: round(median(saves)),
    savedRunSteps: long.steps.length,
    savedRunBytes,
    writeRunsMs: Math.round(writeRunsMs),
    listRunsMs: round(median(lists)),
    listedRuns: listed,
    openTraceFileMs: round(median(opens)),
    traceFileSteps: steps,
    traceFileBytes: new TextEncoder().encode(text).length,
  };
}
