/**
 * Reflection memory between attempts (after LiTS's ReflectionAugmentor). A small store interface:
 * the CLI gives a run one in memory (or read from a `--memory` JSONL file), the app one backed by
 * IndexedDB. The engine reads it once at `run-start`, keeps its own copy of the run's
 * reflections, and only appends to the store.
 */
import type { HistoryAccess, RewardSource } from '../config';

export interface ReflectionEntry {
  /** The task the reflection is about (the scenario id, LiTS's query id). */
  readonly scenario: string;
  /** The attempt reflected on (1-based). */
  readonly attempt: number;
  readonly content: string;
  readonly reward: number | null;
  readonly steps: number;
  /** How the attempt was framed for the reflection (absent in records from before it was kept). */
  readonly framing?: 'failure' | 'neutral';
  /**
   * What gave the reward: the verifier, none (no check), or the model judge (absent in records
   * from before it was kept, and in files that do not say).
   */
  readonly rewardSource?: RewardSource;
}

export interface ReflectionMemory {
  /** Every entry stored so far, oldest first. */
  list(): readonly ReflectionEntry[];
  append(entry: ReflectionEntry): void;
}

/** An in-memory store (the CLI gives each run a fresh one). */
export function createMemoryStore(initial: readonly ReflectionEntry[] = []): ReflectionMemory {
  const entries = [...initial];
  return { list: () => entries, append: (entry) => void entries.push(entry) };
}

/** How many reflections an attempt sees by default (LiTS and Reflexion both keep the last 3). */
export const MEMORY_WINDOW = 3;

/**
 * Pure: the reflections the next attempt may see, oldest first: the last `limit` of the pool.
 * `cross_trajectory`: this run's earlier attempts of the same task; `cross_task`: everything the
 * store held before the run (any scenario's), then this run's. A limit of 0 injects none.
 */
export function visibleReflections(
  history: HistoryAccess,
  prior: readonly ReflectionEntry[],
  thisRun: readonly ReflectionEntry[],
  limit: number = MEMORY_WINDOW,
): readonly ReflectionEntry[] {
  if (limit <= 0) return [];
  const pool = history === 'cross_task' ? [...prior, ...thisRun] : thisRun;
  return pool.slice(-limit);
}

/** Pure: the memory block as the next attempt's system prompt carries it ("" when empty). */
export function formatReflections(entries: readonly ReflectionEntry[]): string {
  if (entries.length === 0) return '';
  const blocks = entries.map((entry, index) => `[Reflection ${index + 1}]\n${entry.content}`);
  return `Reflections from previous attempts:\n\n${blocks.join('\n\n')}`;
}
