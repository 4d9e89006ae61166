import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Message, type Step } from '../engine';
import { builtinScenarios } from '../scenarios';
import { previousCallStep, stepContext } from './context-diff';

/** A step that only carries what the context view reads. */
function callStep(index: number, conversation: number | null, length = 0, text = ''): Step {
  return {
    index,
    attempt: 1,
    phase: 'acting',
    kind: 'action',
    trigger: null,
    modelCall:
      conversation === null
        ? null
        : {
            context: { conversation, length },
            text,
            usage: { promptTokens: 0, completionTokens: 0 },
            usageEstimated: true,
            latencyMs: 0,
            ttftMs: null,
            reasoning: null,
            toolCall: null,
          },
    reflection: null,
    decision: {
      intent: 'tool',
      action: null,
      evidenceRefs: [],
      policy: { outcome: 'allowed', reason: null },
      confidence: 0,
    },
    observation: null,
    reward: null,
    framing: null,
    thought: null,
    answer: null,
  };
}

const say = (role: Message['role'], content: string): Message => ({ role, content });

const conversations: Message[][] = [
  [
    say('system', 'sys'),
    say('user', 'task'),
    say('assistant', 'a1'),
    say('user', 'obs1'),
    say('assistant', 'a2'),
    say('user', 'obs2'),
  ],
  [say('system', 'attempt reflection'), say('user', 'how did it go?')],
];

describe('the previous call of a conversation', () => {
  it('is the latest earlier step that called the same conversation', () => {
    const steps = [callStep(0, 0, 2), callStep(1, 1, 2), callStep(2, 0, 4), callStep(3, 0, 6)];
    expect(previousCallStep(steps, 3)?.index).toBe(2);
    expect(previousCallStep(steps, 2)?.index).toBe(0);
  });

  it('is null for the first call of a conversation and for a step without a call', () => {
    const steps = [callStep(0, 0, 2), callStep(1, 1, 2), callStep(2, null)];
    expect(previousCallStep(steps, 1)).toBeNull();
    expect(previousCallStep(steps, 0)).toBeNull();
    expect(previousCallStep(steps, 2)).toBeNull();
  });
});

describe('a step context', () => {
  it('marks the messages sent since the previous call of the conversation as new', () => {
    const steps = [callStep(0, 0, 2), callStep(1, 1, 2), callStep(2, 0, 4, 'reply')];
    const context = stepContext(steps, 2, conversations);
    expect(context?.previousStep).toBe(0);
    expect(context?.newFrom).toBe(2);
    expect(context?.newCount).toBe(2);
    expect(context?.reply).toBe('reply');
    expect(context?.messages.map((m) => [m.content, m.isNew])).toEqual([
      ['sys', false],
      ['task', false],
      ['a1', true],
      ['obs1', true],
    ]);
  });

  it('shows only the prefix the call sent, even when the conversation grew later', () => {
    const steps = [callStep(0, 0, 2), callStep(1, 0, 4)];
    expect(stepContext(steps, 1, conversations)?.messages).toHaveLength(4);
  });

  it('calls every message new on the first call of a conversation', () => {
    const steps = [callStep(0, 0, 2), callStep(1, 1, 2)];
    const context = stepContext(steps, 1, conversations);
    expect(context?.previousStep).toBeNull();
    expect(context?.messages.every((m) => m.isNew)).toBe(true);
    expect(context?.messages[0]?.content).toBe('attempt reflection');
  });

  it('counts messages the view does not hold yet as missing', () => {
    const steps = [callStep(0, 0, 8)];
    expect(stepContext(steps, 0, conversations)?.missing).toBe(2);
  });

  it('is null for a step without a model call', () => {
    expect(stepContext([callStep(0, null)], 0, conversations)).toBeNull();
    expect(stepContext([], 3, conversations)).toBeNull();
  });
});

describe('on a real run (rca-search-stall)', () => {
  it('the action after a reflection sees the reflection and the nudge as new', async () => {
    const scenario = builtinScenarios().find((s) => s.id === 'rca-search-stall');
    if (!scenario) throw new Error('scenario missing');
    const trace = await runScenario(scenario, scenarioConfig(scenario));
    const reflection = trace.steps.findIndex((s) => s.kind === 'reflection');
    const next = stepContext(trace.steps, reflection + 1, trace.conversations);
    expect(next?.previousStep).toBe(reflection);
    expect(next?.messages.filter((m) => m.isNew).map((m) => m.role)).toEqual(['assistant', 'user']);
    const first = stepContext(trace.steps, 0, trace.conversations);
    expect(first?.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });
});
