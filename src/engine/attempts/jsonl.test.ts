import { describe, expect, it } from 'vitest';
import {
  describeJsonlProblems,
  readReflectionsJsonl,
  writeReflectionsJsonl,
  type StoredReflection,
} from './jsonl';

const kept: StoredReflection[] = [
  {
    scenario: 'triage-priority-retry',
    attempt: 1,
    content: 'The attempt failed: its answer did not hold. Read the policy first.',
    reward: 0,
    steps: 2,
    framing: 'failure',
    rewardSource: 'verifier',
    timestamp: '2026-12-02T06:00:00.000Z',
  },
  {
    scenario: 'returns-laptop',
    attempt: 2,
    content: 'Line one\nline "two"',
    reward: null,
    steps: 4,
    timestamp: '2026-12-02T06:01:00.000Z',
  },
];

describe('reflections as JSONL', () => {
  it('round-trips: what is written reads back the same', () => {
    const text = writeReflectionsJsonl(kept);
    expect(text.split('\n')).toHaveLength(3);
    expect(readReflectionsJsonl(text)).toEqual({ reflections: kept, problems: [] });
  });

  it('writes the LiTS fields, metadata holding reward and n_steps', () => {
    const [first] = writeReflectionsJsonl(kept).split('\n');
    expect(JSON.parse(first!)).toEqual({
      evaluator_type: 'reflection',
      source: 'loopscope',
      content: kept[0]!.content,
      trajectory_key: 'triage-priority-retry/0',
      query_id: 'triage-priority-retry',
      timestamp: '2026-12-02T06:00:00.000Z',
      metadata: {
        reward: 0,
        n_steps: 2,
        attempt: 1,
        framing: 'failure',
        reward_source: 'verifier',
      },
    });
  });

  it('a record without reward_source (an older file, LiTS) reads without one; a judge one reads back', () => {
    const [, second] = writeReflectionsJsonl(kept).split('\n');
    expect(JSON.parse(second!).metadata).not.toHaveProperty('reward_source');
    expect(readReflectionsJsonl(second!).reflections[0]).not.toHaveProperty('rewardSource');
    const judged = { ...kept[1]!, reward: 0.2, rewardSource: 'judge' as const };
    expect(readReflectionsJsonl(writeReflectionsJsonl([judged])).reflections).toEqual([judged]);
  });

  it('reads a record as LiTS writes it: numeric query id, seconds timestamp, attempt from the key', () => {
    const line = JSON.stringify({
      evaluator_type: 'reflection',
      source: 'ReflectionAugmentor',
      content: 'Use pip instead of apt-get.',
      trajectory_key: 'q/1',
      query_id: 12,
      timestamp: 1764655200,
      metadata: { reward: 0.0, n_steps: 11 },
    });
    expect(readReflectionsJsonl(line).reflections).toEqual([
      {
        scenario: '12',
        attempt: 2,
        content: 'Use pip instead of apt-get.',
        reward: 0,
        steps: 11,
        timestamp: '2025-12-02T06:00:00.000Z',
      },
    ]);
  });

  it('reports each bad line with its number and reason, and keeps the good ones', () => {
    const good = writeReflectionsJsonl(kept).split('\n');
    const text = [
      good[0],
      '{not json',
      '',
      JSON.stringify({ evaluator_type: 'fact', content: 'x' }),
      JSON.stringify({ evaluator_type: 'reflection', content: '', query_id: 'a' }),
      JSON.stringify({
        evaluator_type: 'reflection',
        content: 'c',
        query_id: 'a',
        trajectory_key: 'a/0',
        timestamp: 'soon',
      }),
      JSON.stringify({
        evaluator_type: 'reflection',
        content: 'c',
        query_id: 'a',
        trajectory_key: 'a/0',
        timestamp: 1,
        metadata: { reward: 3 },
      }),
      '[1, 2]',
      JSON.stringify({
        evaluator_type: 'reflection',
        content: 'c',
        query_id: 'a',
        trajectory_key: 'a/0',
        timestamp: 1,
        metadata: { reward_source: 'oracle' },
      }),
      good[1],
    ].join('\n');
    const read = readReflectionsJsonl(text);
    expect(read.reflections).toEqual(kept);
    expect(describeJsonlProblems(read.problems)).toEqual([
      'line 2: not JSON',
      'line 4: evaluator_type is "fact", not "reflection"',
      'line 5: content is missing or empty',
      'line 6: timestamp is not a date (ISO 8601 text or seconds since 1970)',
      'line 7: metadata.reward is not a number from 0 to 1 (or null)',
      'line 8: not a JSON object',
      'line 9: metadata.reward_source is not "verifier", "none" or "judge"',
    ]);
  });

  it('a numeric timestamp beyond what a date holds is a problem on its line, not a throw', () => {
    const line = (timestamp: number) =>
      JSON.stringify({
        evaluator_type: 'reflection',
        content: 'c',
        query_id: 'a',
        trajectory_key: 'a/0',
        timestamp,
      });
    const good = writeReflectionsJsonl(kept).split('\n');
    const read = readReflectionsJsonl(
      [good[0], line(1e16), line(-1e300), line(8.64e15), good[1]].join('\n'),
    );
    expect(read.reflections.map((reflection) => reflection.timestamp)).toEqual([
      kept[0]!.timestamp,
      '+275760-09-13T00:00:00.000Z',
      kept[1]!.timestamp,
    ]);
    expect(describeJsonlProblems(read.problems)).toEqual([
      'line 2: timestamp is not a date (ISO 8601 text or seconds since 1970)',
      'line 3: timestamp is not a date (ISO 8601 text or seconds since 1970)',
    ]);
  });

  it('an attempt counted from a trajectory key whose number is too large is a problem on its line', () => {
    const line = (digits: string) =>
      JSON.stringify({
        evaluator_type: 'reflection',
        content: 'c',
        query_id: 'a',
        trajectory_key: `a/${digits}`,
        timestamp: 1,
      });
    const read = readReflectionsJsonl([line('9'.repeat(400)), line('41')].join('\n'));
    expect(read.reflections.map((reflection) => reflection.attempt)).toEqual([42]);
    expect(describeJsonlProblems(read.problems)).toEqual([
      'line 1: trajectory_key ends in a number too large for an attempt',
    ]);
  });
});
