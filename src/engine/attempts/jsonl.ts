/**
 * Reflections as JSONL, the records LiTS's ReflectionAugmentor persists: one JSON object a line
 * with `evaluator_type`, `source`, `content`, `trajectory_key`, `query_id`, `timestamp` and
 * `metadata` (`reward`, `n_steps`; Loopscope adds `attempt`, `framing` and `reward_source`). Loopscope's task is
 * the scenario (`query_id`); the trajectory key is `<scenario>/<attempt − 1>` (LiTS: `q/{attempt}`,
 * counted from 0). Pure: reading reports each bad line and keeps the good ones.
 */
import type { RewardSource } from '../config';
import type { ReflectionEntry } from './memory';

/** A reflection as it is kept: the engine's entry and when it was written (ISO 8601). */
export interface StoredReflection extends ReflectionEntry {
  readonly timestamp: string;
}

/** The `evaluator_type` of reflections (files are shared with other augmentors). */
export const REFLECTION_EVALUATOR = 'reflection';
/** The `source` Loopscope writes. */
export const REFLECTION_SOURCE = 'loopscope';

/** One bad line of a JSONL file: its number (from 1) and what is wrong with it. */
export interface JsonlProblem {
  readonly line: number;
  readonly reason: string;
}

export interface JsonlRead {
  readonly reflections: StoredReflection[];
  readonly problems: JsonlProblem[];
}

/** Pure: a reflection as a LiTS record (a plain object, ready for `JSON.stringify`). */
export function reflectionRecord(reflection: StoredReflection): Record<string, unknown> {
  return {
    evaluator_type: REFLECTION_EVALUATOR,
    source: REFLECTION_SOURCE,
    content: reflection.content,
    trajectory_key: `${reflection.scenario}/${reflection.attempt - 1}`,
    query_id: reflection.scenario,
    timestamp: reflection.timestamp,
    metadata: {
      reward: reflection.reward,
      n_steps: reflection.steps,
      attempt: reflection.attempt,
      ...(reflection.framing ? { framing: reflection.framing } : {}),
      ...(reflection.rewardSource ? { reward_source: reflection.rewardSource } : {}),
    },
  };
}

/** Pure: reflections as JSONL, one record a line, each line ended by a newline. */
export function writeReflectionsJsonl(reflections: readonly StoredReflection[]): string {
  return reflections
    .map((reflection) => `${JSON.stringify(reflectionRecord(reflection))}\n`)
    .join('');
}

class LineProblem extends Error {}

const fail = (reason: string): never => {
  throw new LineProblem(reason);
};

function timestampOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    // LiTS writes seconds since the epoch (Python's time.time()); milliseconds are larger.
    const date = new Date(value < 1e11 ? value * 1000 : value);
    // Beyond a Date's ±8.64e15 ms (year 275760) the date is invalid, and toISOString throws.
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value)))
    return new Date(Date.parse(value)).toISOString();
  return fail(
    value === undefined
      ? 'timestamp is missing'
      : 'timestamp is not a date (ISO 8601 text or seconds since 1970)',
  );
}

function attemptOf(metadata: Record<string, unknown>, key: string): number {
  const given = metadata['attempt'];
  if (given !== undefined) {
    if (typeof given === 'number' && Number.isInteger(given) && given >= 1) return given;
    return fail('metadata.attempt is not a whole number ≥ 1');
  }
  const counted = /\/(\d+)$/.exec(key);
  if (!counted) return 1;
  // A number past Number.MAX_VALUE (309 digits) reads as Infinity: no attempt, nothing to write.
  const attempt = Number(counted[1]) + 1;
  return Number.isInteger(attempt)
    ? attempt
    : fail('trajectory_key ends in a number too large for an attempt');
}

function rewardOf(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' && value >= 0 && value <= 1) return value;
  return fail('metadata.reward is not a number from 0 to 1 (or null)');
}

const REWARD_SOURCES: readonly RewardSource[] = ['verifier', 'none', 'judge'];

function rewardSourceOf(value: unknown): RewardSource | null {
  if (value === undefined || value === null) return null;
  if (REWARD_SOURCES.includes(value as RewardSource)) return value as RewardSource;
  return fail('metadata.reward_source is not "verifier", "none" or "judge"');
}

/** Pure: one record read, or a LineProblem naming what is wrong. */
function readRecord(value: unknown): StoredReflection {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('not a JSON object');
  const record = value as Record<string, unknown>;
  const type = record['evaluator_type'];
  if (type === undefined) fail('evaluator_type is missing');
  if (type !== REFLECTION_EVALUATOR)
    fail(`evaluator_type is ${JSON.stringify(type)}, not "${REFLECTION_EVALUATOR}"`);
  const content = record['content'];
  if (typeof content !== 'string' || content.trim() === '') fail('content is missing or empty');
  const query = record['query_id'];
  if (!(typeof query === 'string' && query !== '') && !(typeof query === 'number'))
    fail('query_id is missing (the task: a scenario id)');
  const key = record['trajectory_key'];
  if (typeof key !== 'string' || key === '') fail('trajectory_key is missing');
  const rawMetadata = record['metadata'] ?? {};
  if (typeof rawMetadata !== 'object' || rawMetadata === null || Array.isArray(rawMetadata))
    fail('metadata is not an object');
  const metadata = rawMetadata as Record<string, unknown>;
  const steps = metadata['n_steps'] ?? 0;
  if (typeof steps !== 'number' || !Number.isInteger(steps) || steps < 0)
    fail('metadata.n_steps is not a whole number ≥ 0');
  const framing = metadata['framing'];
  if (framing !== undefined && framing !== 'failure' && framing !== 'neutral')
    fail('metadata.framing is not "failure" or "neutral"');
  const rewardSource = rewardSourceOf(metadata['reward_source']);
  return {
    scenario: String(query),
    attempt: attemptOf(metadata, key as string),
    content: content as string,
    reward: rewardOf(metadata['reward'] ?? record['reward']),
    steps: steps as number,
    ...(framing ? { framing: framing as 'failure' | 'neutral' } : {}),
    ...(rewardSource ? { rewardSource } : {}),
    timestamp: timestampOf(record['timestamp']),
  };
}

/** Pure: the reflections of a JSONL text; blank lines are skipped, each bad line is reported. */
export function readReflectionsJsonl(text: string): JsonlRead {
  const reflections: StoredReflection[] = [];
  const problems: JsonlProblem[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problems.push({ line: index + 1, reason: 'not JSON' });
      continue;
    }
    try {
      reflections.push(readRecord(value));
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      problems.push({ line: index + 1, reason: error.message });
    }
  }
  return { reflections, problems };
}

/** Pure: the problems in words, one line each ("line 3: content is missing or empty"). */
export function describeJsonlProblems(problems: readonly JsonlProblem[]): string[] {
  return problems.map((problem) => `line ${problem.line}: ${problem.reason}`);
}
