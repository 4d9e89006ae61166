import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type ConfigOverrides, type Scenario } from '../engine';
import { builtinScenarios } from '../scenarios';
import { findMemoryBlock, memoryChars, MEMORY_HEADING } from './attempt-memory';
import { attemptRange, buildAttempts, outcomeText, rewardText } from './attempts';
import { scratchpadParts } from './decision-record-text';
import { buildTimeline } from './timeline';

function triage(): Scenario {
  const scenario = builtinScenarios().find((s) => s.id === 'triage-priority-retry');
  if (!scenario) throw new Error('scenario missing');
  return scenario;
}

async function attemptsOf(scenario: Scenario, overrides: ConfigOverrides) {
  const trace = await runScenario(scenario, scenarioConfig(scenario, overrides));
  const attempts = buildAttempts({
    steps: trace.steps,
    path: trace.path,
    config: trace.config,
    rewardSource: overrides.rewardSource ?? (scenario.verify ? 'verifier' : 'none'),
    verify: scenario.verify ?? null,
    stopReason: trace.stopReason,
  });
  return { trace, attempts };
}

describe('a run whose first attempt fails its verifier (triage-priority-retry, 3 attempts)', () => {
  it('shows two attempts: the wrong answer reflected on as a failure, then the right one', async () => {
    const { attempts } = await attemptsOf(triage(), { attempts: 3 });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    const [first, second] = attempts;
    expect(first).toMatchObject({
      stopReason: 'answer',
      reward: 0,
      rewardSource: 'verifier',
      rewardText: 'reward 0 · verifier',
      reflected: true,
      why: 'reflected on: reward 0 is below the threshold 0.3',
    });
    expect(first?.answer).toMatch(/^P3/);
    expect(first?.reflection?.framing).toBe('failure');
    expect(first?.reflection?.text).toMatch(/^The attempt failed/);
    expect(second).toMatchObject({
      stopReason: 'answer',
      reward: 1,
      reflected: false,
      reflection: null,
      why: 'not reflected on: reward 1 meets the threshold 0.3',
    });
    expect(second?.answer).toMatch(/^P1/);
    expect(outcomeText(second!)).toBe('answered');
  });

  it('ranges cover each attempt, its reflection step included', async () => {
    const { trace, attempts } = await attemptsOf(triage(), { attempts: 3 });
    const [first, second] = attempts;
    expect(first?.reflection?.step).toBe(first?.lastStep);
    expect(trace.steps[first!.lastStep]?.kind).toBe('attempt_reflection');
    expect(second?.firstStep).toBe(first!.lastStep + 1);
    expect(second?.lastStep).toBe(trace.steps.length - 1);
    expect(attemptRange(trace.steps, 2)).toEqual({
      first: second!.firstStep,
      last: second!.lastStep,
    });
    expect(attemptRange(trace.steps, 5)).toBeNull();
  });

  it('a threshold above the reward still reflects (threshold 0.5, reward 0)', async () => {
    const { attempts } = await attemptsOf(triage(), { attempts: 2, rewardThreshold: 0.5 });
    expect(attempts[0]?.why).toBe('reflected on: reward 0 is below the threshold 0.5');
  });
});

describe('without a verifier, the reward is unknown', () => {
  it('every attempt is reflected on, with neutral framing, until the attempts run out', async () => {
    const { verify: _verify, ...rest } = triage();
    const { attempts } = await attemptsOf(rest as Scenario, { attempts: 2 });
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toMatchObject({
      reward: null,
      rewardSource: 'none',
      rewardText: 'reward unknown (no check)',
      reflected: true,
      why: 'reflected on: the reward is unknown, so every attempt is',
    });
    expect(attempts[0]?.reflection?.framing).toBe('neutral');
    expect(attempts[1]).toMatchObject({
      reward: null,
      reflected: false,
      why: 'not reflected on: no attempts left',
    });
  });
});

describe('a model judge scores each attempt (triage-priority-retry, 2 attempts)', () => {
  const judged = () => attemptsOf(triage(), { attempts: 2, rewardSource: 'judge' });

  it("shows the judge's score and reason on each attempt, the judge step not counted as taken", async () => {
    const { trace, attempts } = await judged();
    const [first, second] = attempts;
    expect(first).toMatchObject({
      reward: 0.2,
      rewardSource: 'judge',
      rewardText: 'reward 0.2 · model judge',
      reflected: true,
      why: 'reflected on: reward 0.2 is below the threshold 0.3',
      stepCount: 2,
    });
    expect(first?.judge?.text).toMatch(/^0\.2: The attempt answered after 1 of 2 lookups/);
    expect(trace.steps[first!.judge!.step]?.kind).toBe('judge');
    // The judge sits at the end of its attempt, before the reflection on it.
    expect(first!.judge!.step).toBe(first!.lastStep - 1);
    expect(first?.reflection?.framing).toBe('failure');
    expect(second).toMatchObject({
      reward: 0.9,
      rewardText: 'reward 0.9 · model judge',
      reflected: false,
      why: 'not reflected on: reward 0.9 meets the threshold 0.3',
      stepCount: 3,
    });
    expect(second?.judge?.step).toBe(second?.lastStep);
  });

  it('a judge that gave no score says "reward unknown" and why, on the attempt', async () => {
    const { trace } = await judged();
    const problem = 'The judge call failed (Server error): the reward is unknown.';
    const steps = trace.steps.map((step) =>
      step.kind === 'judge' && step.attempt === 1
        ? { ...step, modelCall: null, reward: null, judge: { score: null, reason: null, problem } }
        : step,
    );
    const [first] = buildAttempts({
      steps,
      path: trace.path,
      config: trace.config,
      rewardSource: 'judge',
      stopReason: trace.stopReason,
    });
    expect(first?.rewardText).toBe('reward unknown · model judge');
    expect(first?.judge?.text).toBe('reward unknown: the judge call failed (Server error)');
    expect(first?.judge?.problem).toBe(problem);
  });

  it('the timeline and the decision record name the judge step and its verdict', async () => {
    const { trace, attempts } = await judged();
    const step = trace.steps[attempts[0]!.judge!.step]!;
    const cell = buildTimeline(trace.steps, trace.path, null).cells[step.index];
    expect(cell).toMatchObject({ kind: 'attempt', label: 'judge' });
    expect(cell?.description).toBe('judge of attempt 1 (reward 0.2)');
    expect(cell?.title).toContain('Judge: The attempt answered after 1 of 2 lookups');
    expect(scratchpadParts(step)).toEqual([
      {
        label: 'Judge',
        text: expect.stringMatching(/^Score 0\.2: The attempt answered/),
        markdown: false,
      },
    ]);
  });
});

describe('a live run', () => {
  it('the attempt still going has no stop reason and no reward yet', async () => {
    const { trace } = await attemptsOf(triage(), { attempts: 3 });
    const attempts = buildAttempts({
      steps: trace.steps.slice(0, -1),
      path: trace.path,
      config: trace.config,
      rewardSource: 'verifier',
      verify: triage().verify ?? null,
      stopReason: null,
    });
    expect(attempts[1]).toMatchObject({
      stopReason: null,
      reward: null,
      rewardText: 'reward not known yet',
      why: 'still running',
    });
    expect(outcomeText(attempts[1]!)).toBe('running');
  });
});

describe('reward words', () => {
  it('names the source and shows a judge score to two places', () => {
    expect(rewardText(1, 'verifier')).toBe('reward 1 · verifier');
    expect(rewardText(0.754, 'judge')).toBe('reward 0.75 · model judge');
    expect(rewardText(0.5, 'judge')).toBe('reward 0.5 · model judge');
    expect(rewardText(null, 'judge')).toBe('reward unknown · model judge');
  });
});

describe('where the words went', () => {
  it("locates the reflection's exact words in attempt 2's system prompt, linked to attempt 1", async () => {
    const { trace, attempts } = await attemptsOf(triage(), { attempts: 3 });
    const second = attempts[1]!;
    const step = trace.steps[second.firstStep]!;
    const system = trace.conversations[step.modelCall!.context.conversation]![0]!.content;
    const block = findMemoryBlock(system, attempts, second.attempt);
    expect(block?.reflections).toHaveLength(1);
    const [reflection] = block!.reflections;
    expect(system.slice(reflection!.start, reflection!.end)).toBe(attempts[0]!.reflection!.text);
    expect(system.slice(reflection!.labelStart, reflection!.start)).toBe('[Reflection 1]\n');
    expect(reflection?.from).toEqual({ attempt: 1, step: attempts[0]!.reflection!.step });
    expect(system.slice(block!.start)).toMatch(new RegExp(`^${MEMORY_HEADING}`));
  });

  it('splits several reflections at their labels; one no attempt of this run wrote has no link', () => {
    const text = `Rules.\n\nAdditional Notes:\n${MEMORY_HEADING}\n\n[Reflection 1]\nold words\n\nsecond paragraph\n\n[Reflection 2]\nnew words`;
    const written = [
      { attempt: 1, reflection: { step: 4, framing: 'failure' as const, text: 'new words' } },
    ];
    const block = findMemoryBlock(text, written, 2);
    expect(block?.reflections.map((r) => text.slice(r.start, r.end))).toEqual([
      'old words\n\nsecond paragraph',
      'new words',
    ]);
    expect(block?.reflections.map((r) => r.from)).toEqual([null, { attempt: 1, step: 4 }]);
    expect(findMemoryBlock('no memory here')).toBeNull();
  });

  it('counts the memory characters a prompt carried: 0 in attempt 1, the block in attempt 2', async () => {
    const { trace, attempts } = await attemptsOf(triage(), { attempts: 3 });
    expect(memoryChars(trace.steps[0], trace.conversations)).toBe(0);
    const second = trace.steps[attempts[1]!.firstStep];
    const system = trace.conversations[second!.modelCall!.context.conversation]![0]!.content;
    const expected = system.length - system.indexOf(MEMORY_HEADING);
    expect(memoryChars(second, trace.conversations)).toBe(expected);
    expect(expected).toBe(
      `${MEMORY_HEADING}\n\n[Reflection 1]\n${attempts[0]!.reflection!.text}`.length,
    );
    // The reflection call itself is not an attempt's prompt: it carries no memory block.
    expect(memoryChars(trace.steps[attempts[0]!.lastStep], trace.conversations)).toBe(0);
    expect(memoryChars(undefined, trace.conversations)).toBeNull();
  });
});
