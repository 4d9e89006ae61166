import { describe, expect, it } from 'vitest';
import {
  act,
  events,
  feed,
  plannedCall,
  plannedTool,
  reply,
  start,
  testScenario,
  toolResult,
  transitions,
} from '../testing/drive';

const steps = (driven: ReturnType<typeof start>) => driven.state.history.steps.toArray();

describe('when the run starts', () => {
  it('sends the system prompt and the task verbatim, then asks for an action', () => {
    const driven = start();
    const context = driven.state.conversations[0]?.toArray() ?? [];
    expect(context.map((message) => message.role)).toEqual(['system', 'user']);
    expect(context[1]?.content).toBe('Find the value of key a.');
    expect(plannedCall(driven)).toBe('action');
    expect(events(driven).map((event) => event.type)).toEqual([
      'run-start',
      'attempt-start',
      'step-start',
    ]);
  });

  it('does not change the state it was given (step is pure)', () => {
    const first = start();
    const before = JSON.stringify(first.state.history.steps.toArray());
    const a = reply(first, 'Action: lookup("a")');
    const b = reply(first, 'Final Answer: 42');
    expect(JSON.stringify(first.state.history.steps.toArray())).toBe(before);
    expect(a.state.phase).toBe('acting');
    expect(b.state.phase).toBe('answered');
  });
});

describe('in the gathering phase', () => {
  it('a tool call moves to acting and plans the tool run', () => {
    const driven = reply(start(), 'Thought: look it up\nAction: tool:lookup key=a');
    expect(driven.state.phase).toBe('acting');
    expect(plannedTool(driven)).toBe(true);
  });

  it('an answer is checked and ends the run as answered', () => {
    const driven = reply(
      act(start(), 'lookup("a")', { value: 42 }),
      'Final Answer: the value is 42',
    );
    expect(driven.state.phase).toBe('answered');
    expect(driven.state.stopReason).toBe('answer');
    expect(driven.state.done).toBe(true);
    const answer = steps(driven).at(-1);
    expect(answer?.kind).toBe('answer');
    expect(answer?.decision.evidenceRefs).toEqual([0]);
    expect(answer?.decision.confidence).toBe(0);
  });

  it('a model escalation ends the attempt with reason "model"', () => {
    const driven = reply(start(), 'Thought: unsure\nAction: escalate needs a human');
    expect(driven.state.stopReason).toBe('escalate');
    expect(driven.state.escalation).toEqual({ reason: 'model', detail: 'needs a human' });
  });

  it('an unparseable reply escalates by default', () => {
    const driven = reply(start(), 'I think the answer might be 42.');
    expect(driven.state.escalation?.reason).toBe('unparseable');
    expect(steps(driven)[0]?.decision.policy).toEqual({ outcome: 'denied', reason: 'unparseable' });
  });

  it('with reprompt, an unparseable reply is asked once more, then escalates', () => {
    let driven = reply(start(undefined, { unparseable: 'reprompt' }), 'Thought: hmm');
    expect(driven.state.phase).toBe('gathering');
    expect(plannedCall(driven)).toBe('action');
    expect(steps(driven)[0]?.kind).toBe('reprompt');
    expect(driven.state.conversations[0]?.last()?.content).toMatch(/could not be used/);
    driven = reply(driven, 'Thought: still nothing');
    expect(driven.state.escalation?.reason).toBe('unparseable');
    expect(driven.state.metrics.llmCalls).toBe(2);
  });

  it('stops as max_steps when the action steps reach the budget, before the gate', () => {
    const driven = act(start(undefined, { maxSteps: 1 }), 'lookup("none")', []);
    expect(driven.state.stopReason).toBe('max_steps');
    expect(driven.state.phase).toBe('out-of-steps');
    expect(driven.state.metrics.reflections).toBe(0);
  });
});

describe('in the acting phase', () => {
  it('records the observation from the executor only, never from the reply', () => {
    const driven = toolResult(reply(start(), 'Action: lookup("a")\nObservation: {"value": 999}'), {
      value: 42,
    });
    const action = steps(driven)[0];
    expect(action?.observation).toEqual({ ok: true, result: { value: 42 }, empty: false });
    const assistant = driven.state.conversations[0]
      ?.toArray()
      .find((message) => message.role === 'assistant');
    expect(assistant?.content).not.toMatch(/999/);
  });

  it('counts an empty result, a failed call and a repeated observation as empty', () => {
    let driven = start(undefined, { reflection: { gating: 'off' }, stallExit: 10 });
    driven = act(driven, 'lookup("none")', []);
    driven = act(driven, 'lookup("x")', { error: 'no fixture' }, false);
    driven = act(driven, 'lookup("a")', { value: 42 });
    driven = act(driven, 'lookup("a2")', { value: 42 });
    expect(steps(driven).map((s) => s.observation?.empty)).toEqual([true, true, false, true]);
    expect(driven.state.metrics.emptyToolCalls).toBe(3);
  });

  it('escalates a duplicate call by default without running it', () => {
    let driven = act(start(), 'lookup("a")', { value: 42 });
    driven = reply(driven, 'Action: tool:lookup key=a');
    expect(plannedTool(driven)).toBe(false);
    expect(driven.state.escalation?.reason).toBe('duplicate_tool_call');
    expect(driven.state.metrics).toMatchObject({ duplicateToolHits: 1, toolCalls: 1 });
    expect(steps(driven).at(-1)?.decision.policy.reason).toBe('duplicate_tool_call');
  });

  it('lets a duplicate through when force_refresh is true', () => {
    let driven = act(start(), 'lookup("a")', { value: 42 });
    driven = reply(driven, 'Action: lookup({"key": "a", "force_refresh": true})');
    expect(plannedTool(driven)).toBe(true);
  });

  it('in block mode answers a duplicate with the earlier observation, marked as a repeat and empty', () => {
    let driven = act(
      start(undefined, { duplicates: 'block', reflection: { gating: 'off' } }),
      'lookup("a")',
      { value: 42 },
    );
    driven = reply(driven, 'Action: lookup("a")');
    const blocked = steps(driven)[1];
    expect(blocked?.observation).toEqual({
      ok: true,
      result: { value: 42 },
      empty: true,
      repeatOf: 0,
    });
    expect(driven.state.conversations[0]?.last()?.content).toMatch(/repeat of step 0/);
    expect(driven.state.metrics).toMatchObject({
      duplicateToolHits: 1,
      emptyToolCalls: 1,
      toolCalls: 1,
    });
  });

  it('stops as stalled after stall-exit consecutive empty calls when no reflection is due', () => {
    let driven = start(undefined, { reflection: { gating: 'off' }, stallExit: 2 });
    driven = act(driven, 'lookup("none")', []);
    expect(driven.state.done).toBe(false);
    driven = act(driven, 'lookup("none2")', []);
    expect(driven.state.stopReason).toBe('stalled');
  });

  it('never lets the stall exit pre-empt a due adaptive reflection', () => {
    let driven = start(undefined, { stallExit: 1 });
    driven = act(driven, 'lookup("none")', []);
    expect(driven.state.phase).toBe('reflecting');
    driven = reply(driven, '{"thought": "try another key"}');
    driven = act(driven, 'lookup("none2")', []);
    expect(driven.state.phase).toBe('reflecting');
    driven = reply(driven, '{"thought": "still nothing"}');
    driven = act(driven, 'lookup("none3")', []);
    expect(driven.state.stopReason).toBe('stalled');
    expect(driven.state.metrics.reflections).toBe(2);
  });

  it('answers early when retrieval confidence is high and the option is on', () => {
    const hits = [{ id: 'd1', title: 'D1', text: 'the value is 42', score: 0.9 }];
    let driven = act(start(undefined, { highConfidence: true }), 'rag_search("value of a")', hits);
    expect(driven.state.phase).toBe('answering');
    expect(plannedCall(driven)).toBe('early-answer');
    expect(events(driven).some((event) => event.type === 'early-answer-start')).toBe(true);
    driven = reply(driven, 'Final Answer: 42');
    expect(driven.state.stopReason).toBe('answer');
    expect(steps(driven).at(-1)?.trigger).toBe('high_confidence');
  });

  it('does not answer early below the LLARS threshold', () => {
    const hits = [{ id: 'd1', title: 'D1', text: 'x', score: 0.75 }];
    const driven = act(
      start(undefined, { highConfidence: true }),
      'rag_search("value of a")',
      hits,
    );
    expect(driven.state.phase).toBe('gathering');
  });
});

describe('in the reflecting phase', () => {
  it('adaptive gating reflects on a stall, records the trigger, and keeps the reflection in the context', () => {
    let driven = act(start(), 'lookup("none")', []);
    expect(driven.state.phase).toBe('reflecting');
    expect(driven.state.conversations[0]?.last()?.content).toMatch(/^Stop\./);
    driven = reply(driven, '{"thought": "Hypotheses: wrong key. Next: lookup a."}');
    const reflection = steps(driven)[1];
    expect(reflection).toMatchObject({ kind: 'reflection', trigger: 'stall', observation: null });
    expect(reflection?.decision).toMatchObject({ intent: 'reflect', action: null });
    expect(driven.state.conversations[0]?.last()?.content).toMatch(/^Continue gathering/);
    expect(driven.state.metrics).toMatchObject({ reflections: 1, llmCalls: 2 });
  });

  it('adaptive gating fires no reflection while tool calls keep finding something', () => {
    let driven = act(start(), 'lookup("a")', { value: 42 });
    driven = act(driven, 'lookup("b")', { value: 7 });
    expect(plannedCall(driven)).toBe('action');
    expect(driven.state.metrics.reflections).toBe(0);
  });

  it('adaptive gating reflects after a blocked duplicate (trigger "duplicate")', () => {
    let driven = start(undefined, { duplicates: 'block', reflection: { stallThreshold: 5 } });
    driven = act(driven, 'lookup("a")', { value: 42 });
    driven = reply(driven, 'Action: lookup("a")');
    expect(driven.state.phase).toBe('reflecting');
    expect(events(driven).find((event) => event.type === 'reflection-start')).toMatchObject({
      trigger: 'duplicate',
    });
  });

  it('fixed gating reflects every interval action steps, up to max-reflections', () => {
    let driven = start(undefined, {
      reflection: { gating: 'fixed', interval: 1, maxReflections: 2 },
    });
    const keys = ['a', 'b', 'c', 'd'];
    for (const key of keys) {
      driven = act(driven, `lookup("${key}")`, { key });
      if (driven.state.phase === 'reflecting') driven = reply(driven, 'free text reflection');
    }
    const kinds = steps(driven).map((step) =>
      step.kind === 'reflection' ? `R:${step.trigger}` : step.kind,
    );
    expect(kinds).toEqual(['action', 'R:cadence', 'action', 'R:cadence', 'action', 'action']);
  });

  it('off never reflects', () => {
    let driven = start(undefined, { reflection: { gating: 'off' }, stallExit: 10 });
    for (const key of ['x', 'y', 'z']) driven = act(driven, `lookup("${key}")`, []);
    expect(driven.state.metrics.reflections).toBe(0);
  });
});

describe('in the answering phase', () => {
  const rules = {
    evidenceRules: [{ claim: 'agreed', requires: { field: 'agreed', equals: true } }],
  };

  it('withholds an answer whose claim no observation backs and escalates with "fabrication"', () => {
    let driven = act(start(testScenario(rules)), 'lookup("a")', { value: 42 });
    driven = reply(driven, 'Final Answer: the customer agreed');
    expect(driven.state.escalation?.reason).toBe('fabrication');
    expect(driven.state.answer).toBeNull();
    expect(steps(driven).at(-1)).toMatchObject({
      kind: 'escalate',
      decision: { policy: { outcome: 'denied', reason: 'fabrication' } },
    });
    expect(driven.state.metrics.fabricationHits).toBe(1);
  });

  it('lets the claim stand when an observation holds the field, citing that step', () => {
    let driven = act(start(testScenario(rules)), 'lookup("a")', { value: 42 });
    driven = act(driven, 'lookup("b")', { value: 7, agreed: true });
    driven = reply(driven, 'Final Answer: the customer agreed');
    expect(driven.state.stopReason).toBe('answer');
    expect(steps(driven).at(-1)?.decision.evidenceRefs).toEqual([1]);
  });

  it('with the guard off counts the hit and lets the answer stand', () => {
    let driven = act(start(testScenario(rules), { fabricationGuard: false }), 'lookup("a")', {
      value: 42,
    });
    driven = reply(driven, 'Final Answer: the customer agreed');
    expect(driven.state.stopReason).toBe('answer');
    expect(driven.state.metrics.fabricationHits).toBe(1);
  });
});

describe('between attempts', () => {
  const verified = testScenario({ verify: { answerIncludes: ['42'] } });

  it('reflects on a failed attempt with failure framing and carries the memory into the next system prompt', () => {
    let driven = reply(start(verified, { attempts: 2 }), 'Final Answer: 7');
    expect(driven.state.phase).toBe('attempt-reflecting');
    expect(plannedCall(driven)).toBe('attempt-reflection');
    driven = reply(driven, 'I guessed. Look the key up first.');
    const reflection = steps(driven)[1];
    expect(reflection).toMatchObject({
      kind: 'attempt_reflection',
      attempt: 1,
      reward: 0,
      framing: 'failure',
    });
    const system =
      driven.state.conversations[driven.state.attemptConversation]?.at(0)?.content ?? '';
    expect(system).toContain(
      'Reflections from previous attempts:\n\n[Reflection 1]\nI guessed. Look the key up first.',
    );
    expect(driven.state.attempt).toBe(2);
    driven = reply(act(driven, 'lookup("a")', { value: 42 }), 'Final Answer: 42');
    expect(driven.state).toMatchObject({ stopReason: 'answer', done: true });
    expect(driven.state.metrics.attempts).toBe(2);
  });

  it('ends the run when the reward reaches the threshold', () => {
    const driven = reply(start(verified, { attempts: 3 }), 'Final Answer: 42');
    expect(driven.state.done).toBe(true);
    expect(driven.state.metrics.attempts).toBe(1);
  });

  it('keys the framing to the configured threshold, not to 0.3', () => {
    const half = testScenario({ verify: { answerIncludes: ['42'] } });
    const driven = reply(start(half, { attempts: 2, rewardThreshold: 0.5 }), 'Final Answer: 7');
    expect(driven.state.pending).toMatchObject({
      purpose: 'attempt-reflection',
      reward: 0,
      framing: 'failure',
    });
  });

  it('reflects with neutral framing when there is no verifier', () => {
    const driven = reply(start(testScenario(), { attempts: 2 }), 'Final Answer: 7');
    expect(driven.state.pending).toMatchObject({
      purpose: 'attempt-reflection',
      reward: null,
      framing: 'neutral',
    });
    const prompt = driven.state.conversations.at(-1)?.at(1)?.content ?? '';
    expect(prompt).toContain('Previous attempt:');
    expect(prompt).not.toContain('Reward score');
  });

  it('shows at most the last 3 reflections', () => {
    let driven = start(testScenario(), { attempts: 5 });
    for (let attempt = 1; attempt <= 4; attempt++) {
      driven = reply(driven, `Final Answer: try ${attempt}`);
      driven = reply(driven, `reflection ${attempt}`);
    }
    const system =
      driven.state.conversations[driven.state.attemptConversation]?.at(0)?.content ?? '';
    expect(system).not.toContain('reflection 1');
    expect(system).toContain('[Reflection 3]\nreflection 4');
  });

  it('cross_task also shows reflections stored before the run', () => {
    const prior = [
      { scenario: 'other', attempt: 1, content: 'an older lesson', reward: 0, steps: 2 },
    ];
    const base = start(testScenario(), { attempts: 2, history: 'cross_task' });
    const driven = feed(
      { state: { ...base.state, priorReflections: prior }, effects: [] },
      { type: 'run-cancel' },
    );
    expect(driven.state.stopReason).toBe('cancelled');
  });
});

describe('faults and control', () => {
  it('a model failure ends the run as error and keeps the steps recorded so far', () => {
    let driven = act(start(), 'lookup("a")', { value: 42 });
    driven = feed(driven, {
      type: 'model-call-fail',
      error: { code: 'http_500', message: 'Server error' },
    });
    expect(driven.state).toMatchObject({
      stopReason: 'error',
      phase: 'failed',
      error: { code: 'http_500' },
    });
    expect(steps(driven)).toHaveLength(1);
  });

  it('cancel ends the run as cancelled at any live phase', () => {
    const driven = feed(reply(start(), 'Action: lookup("a")'), { type: 'run-cancel' });
    expect(driven.state).toMatchObject({ stopReason: 'cancelled', phase: 'cancelled', done: true });
    expect(transitions(driven).at(-1)).toBe('cancel-acting');
  });

  it('ignores input after the run is over', () => {
    const done = reply(start(), 'Final Answer: 42');
    expect(feed(done, { type: 'run-cancel' }).state).toBe(done.state);
  });
});
