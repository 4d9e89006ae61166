/**
 * Reward sources, the threshold and the framing, driven through the pure step function; the
 * judge's prompt and its faults; what the memory shows an attempt (order, limit, scopes).
 */
import { describe, expect, it } from 'vitest';
import { feed, reply, start, testScenario, type Driven } from '../testing/drive';
import { runScenario, scenarioConfig } from '../run-scenario';
import { parseScenario } from '../scenario';
import { judgePrompt, parseJudgeReply } from './judge';
import { formatReflections, visibleReflections, type ReflectionEntry } from './memory';
import { framingFor, needsReflection } from './reflection';

const verified = testScenario({ verify: { answerIncludes: ['42'] } });
const lastPrompt = (driven: Driven) => driven.state.conversations.at(-1)?.at(1)?.content ?? '';
const judgeSteps = (driven: Driven) =>
  driven.state.history.steps.toArray().filter((step) => step.kind === 'judge');

describe('the reward threshold and the framing', () => {
  it('reflects when the reward is unknown or below the threshold, framed by the same threshold', () => {
    expect(needsReflection(null, 0.3)).toBe(true);
    expect(needsReflection(0.29, 0.3)).toBe(true);
    expect(needsReflection(0.3, 0.3)).toBe(false);
    expect(framingFor(null, 0.3)).toBe('neutral');
    expect(framingFor(0.2, 0.3)).toBe('failure');
  });

  it('a threshold of 0.7 retries a reward of 0.5 with failure framing (LiTS would say neutral)', () => {
    expect(needsReflection(0.5, 0.7)).toBe(true);
    expect(framingFor(0.5, 0.7)).toBe('failure');
    expect(needsReflection(0.5, 0.4)).toBe(false);
  });
});

describe('reward source: verifier', () => {
  it('a wrong answer gets reward 0 and a failure-framed reflection', () => {
    const driven = reply(start(verified, { attempts: 2 }), 'Final Answer: 7');
    expect(driven.state.pending).toMatchObject({ reward: 0, framing: 'failure' });
    expect(lastPrompt(driven)).toContain('Failed trajectory:');
    expect(lastPrompt(driven)).toContain('Reward score: 0');
  });
});

describe('reward source: none', () => {
  it('ignores the verifier: every attempt is reflected on, neutrally, even a right one', () => {
    const driven = reply(
      start(verified, { attempts: 2, rewardSource: 'none' }),
      'Final Answer: 42',
    );
    expect(driven.state.pending).toMatchObject({
      purpose: 'attempt-reflection',
      reward: null,
      framing: 'neutral',
    });
    expect(lastPrompt(driven)).toContain('Previous attempt:');
    expect(lastPrompt(driven)).not.toContain('Reward score');
  });
});

describe('reward source: judge', () => {
  const judged = () =>
    reply(start(verified, { attempts: 2, rewardSource: 'judge' }), 'Final Answer: 7');

  it('asks the run’s model one more question when the attempt ends', () => {
    const driven = judged();
    expect(driven.state.pending).toMatchObject({ kind: 'model', purpose: 'attempt-judge' });
    expect(driven.state.phase).toBe('answered');
    expect(lastPrompt(driven)).toContain('Task: Find the value of key a.');
    expect(lastPrompt(driven)).toContain('Answer: 7');
  });

  it('a score below the threshold retries with failure framing; the judge step records the call', () => {
    const driven = reply(judged(), '{"score": 0.1, "reason": "Unbacked."}');
    const [judge] = judgeSteps(driven);
    expect(judge).toMatchObject({
      kind: 'judge',
      reward: 0.1,
      judge: { score: 0.1, reason: 'Unbacked.', problem: null },
    });
    expect(judge?.modelCall?.usage).toEqual({ promptTokens: 10, completionTokens: 5 });
    expect(driven.state.metrics.llmCalls).toBe(2);
    expect(driven.state.pending).toMatchObject({ reward: 0.1, framing: 'failure' });
    expect(lastPrompt(driven)).not.toContain('--- Step 2 ---');
  });

  it('a score at the threshold or above ends the run', () => {
    const driven = reply(judged(), '{"score": 0.8}');
    expect(driven.state).toMatchObject({ done: true, stopReason: 'answer' });
  });

  it('an unparseable reply leaves the reward unknown, says so, and the run goes on neutrally', () => {
    const driven = reply(judged(), 'Looks fine to me!');
    const [judge] = judgeSteps(driven);
    expect(judge?.reward).toBeNull();
    expect(judge?.judge?.problem).toMatch(/no score from 0 to 1.*reward is unknown/);
    expect(driven.state.pending).toMatchObject({
      purpose: 'attempt-reflection',
      framing: 'neutral',
    });
  });

  it('a failed judge call leaves the reward unknown and the run goes on', () => {
    const driven = feed(judged(), {
      type: 'model-call-fail',
      error: { code: 'http_500', message: 'Server error' },
    });
    const [judge] = judgeSteps(driven);
    expect(judge).toMatchObject({ modelCall: null, reward: null });
    expect(judge?.judge?.problem).toContain('The judge call failed (Server error)');
    expect(driven.state.error).toBeNull();
    expect(driven.state.pending).toMatchObject({
      purpose: 'attempt-reflection',
      framing: 'neutral',
    });
  });

  it('a cancel while the judge thinks ends the run as cancelled', () => {
    const driven = feed(judged(), { type: 'run-cancel' });
    expect(driven.state).toMatchObject({ done: true, stopReason: 'cancelled' });
  });

  it('never shows the judge the expected answer or the verifier', async () => {
    const secret = 'GOLD-7731';
    const scenario = parseScenario({
      format: 'loopscope.scenario',
      version: 1,
      id: 'secret',
      title: 'Secret',
      task: 'Which build is the release?',
      tools: [
        {
          name: 'list_builds',
          description: 'Builds',
          parameters: { type: 'object', properties: {} },
        },
      ],
      fixtures: [{ tool: 'list_builds', args: {}, result: { builds: ['b-1', 'b-2'] } }],
      verify: { answerIncludes: [secret] },
      expected: { answerIncludes: [secret] },
      model: {
        kind: 'simulated',
        leads: [
          { tool: 'list_builds', args: {}, thought: 'List the builds.', finding: 'two builds' },
        ],
        answer: 'The release is b-2.',
      },
    });
    const config = scenarioConfig(scenario, { attempts: 2, rewardSource: 'judge' });
    const trace = await runScenario(scenario, config);
    const judges = trace.steps.filter((step) => step.kind === 'judge');
    expect(judges.length).toBeGreaterThan(0);
    for (const judge of judges) {
      const context = trace.conversations[judge.modelCall!.context.conversation] ?? [];
      expect(context.length).toBeGreaterThan(0);
      for (const message of context) expect(message.content).not.toContain(secret);
    }
    expect(judgePrompt(scenario.task, trace.steps)).not.toContain(secret);
  });
});

describe('what a reflection keeps of its reward source', () => {
  const appended = (driven: Driven) =>
    driven.effects.flatMap((effect) => (effect.type === 'memory-append' ? [effect.entry] : []));

  it('the verifier, none, or the judge, as the run used it', () => {
    const verifier = reply(reply(start(verified, { attempts: 2 }), 'Final Answer: 7'), 'lesson');
    expect(appended(verifier)).toMatchObject([{ reward: 0, rewardSource: 'verifier' }]);
    const none = reply(
      reply(start(verified, { attempts: 2, rewardSource: 'none' }), 'Final Answer: 7'),
      'lesson',
    );
    expect(appended(none)).toMatchObject([{ reward: null, rewardSource: 'none' }]);
    const judge = reply(
      reply(
        reply(start(verified, { attempts: 2, rewardSource: 'judge' }), 'Final Answer: 7'),
        '{"score": 0.1}',
      ),
      'lesson',
    );
    expect(appended(judge)).toMatchObject([{ reward: 0.1, rewardSource: 'judge' }]);
  });

  it('a scenario without a verifier under the verifier source keeps "none" (nothing checked it)', () => {
    const unchecked = reply(reply(start(testScenario(), { attempts: 2 }), 'Final Answer: 7'), 'l');
    expect(appended(unchecked)).toMatchObject([{ reward: null, rewardSource: 'none' }]);
  });
});

describe('the judge’s reply', () => {
  it('reads a JSON score, alone or in prose, or a score line', () => {
    expect(parseJudgeReply('{"score": 0.4, "reason": "half"}')).toMatchObject({ score: 0.4 });
    expect(parseJudgeReply('Here: {"score": 1} done')).toMatchObject({ score: 1 });
    expect(parseJudgeReply('Score: 0.25')).toMatchObject({ score: 0.25 });
  });

  it('refuses a score outside 0..1 and an empty reply, in a sentence', () => {
    expect(parseJudgeReply('{"score": 7}').problem).toMatch(/no score from 0 to 1/);
    expect(parseJudgeReply('').problem).toMatch(/was empty/);
  });
});

describe('what the memory shows an attempt', () => {
  const entry = (scenario: string, attempt: number): ReflectionEntry => ({
    scenario,
    attempt,
    content: `${scenario} #${attempt}`,
    reward: 0,
    steps: 1,
  });
  const prior = [entry('other', 1), entry('other', 2)];
  const run = [entry('this', 1), entry('this', 2)];

  it('cross_trajectory: only this run’s reflections, oldest first', () => {
    expect(visibleReflections('cross_trajectory', prior, run, 3)).toEqual(run);
  });

  it('cross_task: earlier runs’ (any scenario) first, then this run’s, the last `limit` of them', () => {
    expect(visibleReflections('cross_task', prior, run, 3)).toEqual([prior[1], ...run]);
    expect(visibleReflections('cross_task', prior, run, 10)).toEqual([...prior, ...run]);
  });

  it('the limit: 1 keeps the newest, 0 injects none', () => {
    expect(visibleReflections('cross_task', prior, run, 1)).toEqual([run[1]]);
    expect(visibleReflections('cross_task', prior, run, 0)).toEqual([]);
    expect(formatReflections([])).toBe('');
  });

  it('the memoryWindow setting limits what an attempt’s system prompt carries', () => {
    let driven = start(testScenario(), { attempts: 4, memoryWindow: 1 });
    for (let attempt = 1; attempt <= 3; attempt++) {
      driven = reply(driven, `Final Answer: try ${attempt}`);
      driven = reply(driven, `reflection ${attempt}`);
    }
    const system = driven.state.conversations[driven.state.attemptConversation]?.at(0)?.content;
    expect(system).toContain('[Reflection 1]\nreflection 3');
    expect(system).not.toContain('reflection 2');
  });
});
