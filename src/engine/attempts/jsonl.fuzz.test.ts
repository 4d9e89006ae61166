/**
 * Hostile reflection memory files: JSONL as the Memory view's "Import JSONL" and `loop run
 * --memory FILE` read it, made by fast-check from good files (written by the exporter) that are
 * then hurt — cut anywhere, a byte flipped (decoded as `File.text()` does), a BOM, CRLF or lone CR
 * line ends, blank and repeated lines, a record mutated (keys deleted, types changed, huge numbers,
 * deep nesting, `__proto__`/`constructor`/`prototype` keys at any depth), a huge line — and from
 * arbitrary text. Whatever the file, the reader returns reflections that hold their type and one
 * problem for each other non-blank line, naming its line; nothing throws, nothing touches
 * Object.prototype, and what it read exports and reads back the same. Sizes are bounded, so no
 * case can hang.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HOSTILE_KEYS,
  HUGE,
  expectNoPollution,
  mutatedOf,
} from '../files/fixtures/mutate.test-support';
import {
  describeJsonlProblems,
  readReflectionsJsonl,
  reflectionRecord,
  writeReflectionsJsonl,
  type JsonlRead,
  type StoredReflection,
} from './jsonl';

/** Cases per property; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);

afterEach(expectNoPollution);

/** The widest span of time a Date holds (±8.64e15 ms), as the exporter writes it. */
const MAX_DATE_MS = 8.64e15;

/** Text as a model or a person writes it: quotes, backslashes, line ends, emoji, RTL marks. */
const text = fc.stringMatching(/^[a-zé😀"\\ \n\r\t\u2028\u202e{}:,/]{0,24}$/u);

/** A reflection as the store keeps it: any that the exporter may be asked to write. */
const reflection: fc.Arbitrary<StoredReflection> = fc
  .record(
    {
      scenario: fc.oneof(
        fc.constantFrom('shopops-happy', 'rca-search-stall', '__proto__', 'constructor'),
        text.filter((value) => value !== ''),
      ),
      attempt: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(Number.MAX_SAFE_INTEGER)),
      content: text.filter((value) => value.trim() !== ''),
      reward: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 1, noNaN: true })),
      steps: fc.nat(),
      framing: fc.constantFrom('failure' as const, 'neutral' as const),
      rewardSource: fc.constantFrom('verifier' as const, 'none' as const, 'judge' as const),
      timestamp: fc
        .integer({ min: -MAX_DATE_MS, max: MAX_DATE_MS })
        .map((ms) => new Date(ms).toISOString()),
    },
    { requiredKeys: ['scenario', 'attempt', 'content', 'reward', 'steps', 'timestamp'] },
  )
  .map((value) => value as StoredReflection);

const reflections = fc.array(reflection, { maxLength: 6 });

/** A good record, as a plain JSON value (the seed the mutations start from). */
const seed = reflectionRecord({
  scenario: 'shopops-happy',
  attempt: 2,
  content: 'The attempt failed: it answered before reading the order.',
  reward: 0,
  steps: 3,
  framing: 'failure',
  rewardSource: 'verifier',
  timestamp: '2026-12-02T06:00:00.000Z',
});
const mutatedRecord = mutatedOf({ seed }).map(({ value }) => JSON.stringify(value));

/** The lines of a text as the reader counts them. */
const linesOf = (file: string) => file.split(/\r?\n/);

const FIELDS = new Set([
  'scenario',
  'attempt',
  'content',
  'reward',
  'steps',
  'framing',
  'rewardSource',
  'timestamp',
]);

/** What is wrong with a reflection the reader returned: [] when it holds its type. */
function flawsOf(kept: StoredReflection): string[] {
  const flaws: string[] = [];
  const check = (holds: boolean, what: string) => void (holds || flaws.push(what));
  check(Object.getPrototypeOf(kept) === Object.prototype, 'its prototype');
  check(
    Object.keys(kept).every((key) => FIELDS.has(key)),
    `its keys ${Object.keys(kept)}`,
  );
  check(typeof kept.scenario === 'string' && kept.scenario !== '', 'scenario');
  check(Number.isInteger(kept.attempt) && kept.attempt >= 1, 'attempt');
  check(typeof kept.content === 'string' && kept.content.trim() !== '', 'content');
  check(kept.reward === null || (kept.reward >= 0 && kept.reward <= 1), 'reward');
  check(Number.isInteger(kept.steps) && kept.steps >= 0, 'steps');
  check(!('framing' in kept) || ['failure', 'neutral'].includes(kept.framing!), 'framing');
  check(
    !('rewardSource' in kept) || ['verifier', 'none', 'judge'].includes(kept.rewardSource!),
    'rewardSource',
  );
  const ms = Date.parse(kept.timestamp);
  check(Number.isFinite(ms) && new Date(ms).toISOString() === kept.timestamp, 'timestamp');
  return flaws;
}

/**
 * The reader's promise, whatever `file` is: no throw; reflections of the right shape and no
 * other keys; one problem for each other non-blank line, in order, naming it and what is wrong;
 * and what it read writes out and reads back the same.
 */
function expectHonestRead(file: string): JsonlRead {
  const read = readReflectionsJsonl(file);
  const lines = linesOf(file);
  const filled = lines.filter((line) => line.trim() !== '').length;
  expect(read.reflections.length + read.problems.length).toBe(filled);
  const unplaced = read.problems.filter(
    (problem, index) =>
      !(
        Number.isInteger(problem.line) &&
        problem.line > (read.problems[index - 1]?.line ?? 0) &&
        problem.line <= lines.length &&
        lines[problem.line - 1]!.trim() !== '' &&
        /\w{3}/.test(problem.reason)
      ),
  );
  expect(unplaced).toEqual([]);
  expect(describeJsonlProblems(read.problems)).toEqual(
    read.problems.map((problem) => `line ${problem.line}: ${problem.reason}`),
  );
  const flawed = read.reflections
    .map((kept) => ({ kept, flaws: flawsOf(kept) }))
    .filter(({ flaws }) => flaws.length > 0);
  expect(flawed).toEqual([]);
  expect(readReflectionsJsonl(writeReflectionsJsonl(read.reflections))).toEqual({
    reflections: read.reflections,
    problems: [],
  });
  expectNoPollution();
  return read;
}

/** One way a good file is hurt. */
const hurt: fc.Arbitrary<(file: string) => string> = fc.oneof(
  fc.nat().map((at) => (file: string) => file.slice(0, at % (file.length + 1))),
  fc.tuple(fc.nat(), fc.nat(7)).map(([at, bit]) => (file: string) => {
    // A bit flipped in the file's bytes, decoded as File.text() does (bad bytes become U+FFFD).
    const bytes = new TextEncoder().encode(file);
    if (bytes.length === 0) return file;
    bytes[at % bytes.length]! ^= 1 << bit;
    return new TextDecoder().decode(bytes);
  }),
  fc.constant((file: string) => `\uFEFF${file}`),
  fc.constant((file: string) => file.replaceAll('\n', '\r\n')),
  fc.constant((file: string) => file.replaceAll('\n', '\r')),
  fc.constant((file: string) => file.replaceAll('\n', '\n\n  \t\n')),
  fc.nat().map((at) => (file: string) => {
    const lines = linesOf(file);
    const i = at % lines.length;
    return [...lines.slice(0, i + 1), ...lines.slice(i)].join('\n');
  }),
  fc.tuple(fc.nat(), mutatedRecord).map(([at, record]) => (file: string) => {
    const lines = linesOf(file);
    lines.splice(at % lines.length, 1, record);
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.constantFrom(...HOSTILE_KEYS)).map(([at, key]) => (file: string) => {
    // A hostile key put into the first record at or after `at`, at its top or in its metadata.
    const lines = linesOf(file);
    const i = at % lines.length;
    const hostile = `"${key}":{"polluted":true,"hostile":1,"content":"x"}`;
    lines[i] = lines[i]!.replace(at % 2 ? '{' : '"metadata":{', (open) => `${open}${hostile},`);
    return lines.join('\n');
  }),
  fc
    .constantFrom(...HUGE)
    .map(
      (huge) => (file: string) =>
        file.replace(
          /"(timestamp|reward|n_steps|attempt)":[^,}]+/,
          (_, name) => `"${name}":${huge}`,
        ),
    ),
  fc.tuple(fc.integer({ min: 1, max: 400 }), fc.constantFrom('1', '9')).map(
    ([length, digit]) =>
      (file: string) =>
        // The attempt counted from the trajectory key alone (as LiTS writes it), a long number there.
        file
          .replace(
            /"trajectory_key":"((?:[^"\\]|\\.)*)\/\d+"/,
            (_, task) => `"trajectory_key":"${task}/${digit.repeat(length)}"`,
          )
          .replace(/,"attempt":\d+/, ''),
  ),
  fc
    .constantFrom(
      `{"evaluator_type":"reflection","content":"${'x'.repeat(300_000)}"}`,
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
      'z'.repeat(300_000),
    )
    .map((line) => (file: string) => `${line}\n${file}`),
);

/** A good file, hurt one to three times. */
const hurtFile = fc
  .tuple(reflections, fc.array(hurt, { minLength: 1, maxLength: 3 }))
  .map(([kept, hurts]) =>
    hurts.reduce((file, damage) => damage(file), writeReflectionsJsonl(kept)),
  );

describe('reflections JSONL: good files', () => {
  it('round-trip: what the exporter writes reads back the same, with no problem', () => {
    fc.assert(
      fc.property(reflections, (kept) => {
        const read = expectHonestRead(writeReflectionsJsonl(kept));
        expect(read).toEqual({ reflections: kept, problems: [] });
      }),
      { numRuns: RUNS },
    );
  });

  it('read the same with a BOM, CRLF line ends, blank lines and no final newline', () => {
    fc.assert(
      fc.property(reflections, (kept) => {
        const file = writeReflectionsJsonl(kept);
        for (const variant of [
          `\uFEFF${file}`,
          file.replaceAll('\n', '\r\n'),
          file.replaceAll('\n', '\n \t\r\n\n'),
          file.trimEnd(),
        ])
          expect(expectHonestRead(variant)).toEqual({ reflections: kept, problems: [] });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('reflections JSONL: hostile files', () => {
  it('hurt files: typed reflections, every other line a problem naming it, nothing thrown', () => {
    fc.assert(
      fc.property(hurtFile, (file) => void expectHonestRead(file)),
      { numRuns: RUNS },
    );
  });

  it('arbitrary text and JSON lines', () => {
    const line = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      mutatedRecord,
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        (lines, end) => void expectHonestRead(lines.join(end)),
      ),
      { numRuns: RUNS },
    );
  });

  it('one field made wrong: the problem is on that line and names the field', () => {
    const removable = ['evaluator_type', 'content', 'query_id', 'trajectory_key', 'timestamp'];
    const field = fc.oneof(
      fc.constantFrom(...removable).map((name) => ({
        name,
        set: (r: Record<string, unknown>) => delete r[name],
      })),
      fc
        .record({
          name: fc.constantFrom('evaluator_type', 'content', 'trajectory_key'),
          value: fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({})),
        })
        .map(({ name, value }) => ({
          name,
          set: (r: Record<string, unknown>) => (r[name] = value),
        })),
      fc
        .constantFrom(true, [], {}, '', 'yesterday-ish', ...HUGE.filter((n) => Math.abs(n) > 1e16))
        .map((value) => ({
          name: 'timestamp',
          set: (r: Record<string, unknown>) => (r['timestamp'] = value),
        })),
      fc.constantFrom([], 'a', 3, true).map((value) => ({
        name: 'metadata',
        set: (r: Record<string, unknown>) => (r['metadata'] = value),
      })),
      fc
        .tuple(
          fc.constantFrom('n_steps', 'attempt', 'reward', 'framing', 'reward_source'),
          fc.constantFrom(-1, 1.5, 2, '1', true, [], {}, 'sometimes'),
        )
        .filter(([name, value]) => !((name === 'attempt' || name === 'n_steps') && value === 2))
        .map(([name, value]) => ({
          name,
          set: (r: Record<string, unknown>) =>
            ((r['metadata'] as Record<string, unknown>)[name] = value),
        })),
    );
    fc.assert(
      fc.property(
        fc.array(reflection, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        field,
        (kept, at, { name, set }) => {
          const lines = linesOf(writeReflectionsJsonl(kept));
          const i = at % kept.length;
          const record = JSON.parse(lines[i]!) as Record<string, unknown>;
          set(record);
          lines[i] = JSON.stringify(record);
          const read = expectHonestRead(lines.join('\n'));
          expect(read.problems).toHaveLength(1);
          expect(read.problems[0]!.line).toBe(i + 1);
          expect(read.problems[0]!.reason).toContain(name);
          expect(read.reflections).toEqual(kept.filter((_, index) => index !== i));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
