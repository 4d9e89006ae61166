import { describe, expect, it } from 'vitest';
import { resolveConfig, type ConfigOverrides } from '../../config';
import { parseReply } from '../../parsers';
import { runScenario } from '../../run-scenario';
import { testScenario } from '../../testing/drive';
import type { Trace } from '../../trace/types';
import { simulateReply } from './simulate';

const lead = (key: string, thought: string, finding: string) => ({
  tool: 'lookup',
  args: { key },
  thought,
  finding,
});
const dead = (key: string) => ({ tool: 'lookup', args: { key }, thought: `Try ${key}.` });

/** A small investigation: two dead ends that return nothing, then two leads. */
function investigation(model: Record<string, unknown> = {}) {
  return testScenario({
    fixtures: [
      { tool: 'lookup', args: { key: 'x' }, result: [] },
      { tool: 'lookup', args: { key: 'y' }, result: [] },
      { tool: 'lookup', args: { key: 'a' }, result: { value: 42 } },
      { tool: 'lookup', args: { key: 'b' }, result: { unit: 'kg' } },
    ],
    expected: { answerIncludes: ['42 kg'] },
    model: {
      kind: 'simulated',
      deadEnds: [dead('x'), dead('y')],
      leads: [lead('a', 'Look up a.', 'a is 42'), lead('b', 'Look up the unit.', 'the unit is kg')],
      answer: 'The value is 42 kg.',
      partialAnswer: 'The value is 42.',
      drift: 1,
      ...model,
    },
  });
}

const run = (scenario = investigation(), overrides: ConfigOverrides = {}): Promise<Trace> =>
  runScenario(scenario, resolveConfig(overrides));
const calls = (trace: Trace) =>
  trace.steps.flatMap((step) =>
    step.kind === 'action' ? [String(step.decision.action?.args['key'])] : [],
  );

describe('the simulated model', () => {
  it('writes in the protocol of each mode, and the parsers read it', async () => {
    const scenario = investigation();
    for (const mode of ['act', 'react', 'reflact'] as const) {
      const trace = await run(scenario, { mode, reflection: { gating: 'off' }, stallExit: 5 });
      const first = trace.steps[0]?.modelCall?.text ?? '';
      expect(parseReply(first, mode, scenario.tools).ok, first).toBe(true);
      if (mode === 'react') expect(first).toMatch(/^Thought: .+\nAction: tool:lookup key=x$/);
      if (mode === 'act') expect(first).toBe('Action: tool:lookup key=x');
      if (mode === 'reflact') {
        expect(first).toMatch(
          /^REFLECTION:\nCurrent state: .+\nLast discovery: .+\nGoal relation: .+\nACTION: /,
        );
        expect(trace.steps[0]?.reflection?.goalRelation).toMatch(/Not there yet/);
      }
    }
  });

  it('gives the same trace for the same seed, and the seed changes its choices', async () => {
    const drifting = investigation({ drift: 0.5 });
    const traces = await Promise.all(
      [1, 1, 2, 3, 4, 5, 6].map((seed) => run(drifting, { reflection: { gating: 'off' }, seed })),
    );
    expect(JSON.stringify(traces[0])).toBe(JSON.stringify(traces[1]));
    expect(new Set(traces.map((trace) => calls(trace).join(','))).size).toBeGreaterThan(1);
  });

  it('perseveres on dead ends without help, and stalls', async () => {
    const trace = await run(investigation(), { reflection: { gating: 'off' }, stallExit: 2 });
    expect(calls(trace)).toEqual(['x', 'y']);
    expect(trace.stopReason).toBe('stalled');
  });

  it('changes course by itself after `perseverance` empty calls in a row', async () => {
    const trace = await run(investigation({ perseverance: 1 }), { reflection: { gating: 'off' } });
    expect(calls(trace)).toEqual(['x', 'a', 'b']);
  });

  it('is redirected by a reflection phase to the next real lead, and recovers', async () => {
    const trace = await run(investigation(), { reflection: { gating: 'adaptive' }, stallExit: 2 });
    expect(calls(trace)).toEqual(['x', 'a', 'b']);
    expect(trace.answer).toBe('The value is 42 kg.');
    const reflection = trace.steps.find((step) => step.kind === 'reflection');
    expect(JSON.parse(reflection?.modelCall?.text ?? '{}').thought).toMatch(
      /found nothing.*Best next action: tool:lookup key=a/,
    );
  });

  it('when out of dead ends and not redirected, repeats itself or gives up, as the scenario says', async () => {
    const repeat = await run(investigation(), { reflection: { gating: 'off' }, stallExit: 9 });
    expect(repeat.escalation?.reason).toBe('duplicate_tool_call');
    const giveUp = await run(investigation({ onStuck: 'give-up' }), {
      reflection: { gating: 'off' },
      stallExit: 9,
    });
    expect(giveUp.answer).toBe('The value is 42.');
  });

  it('answers early on a multi-hop task when hasty, less often in ReflAct', async () => {
    const hasty = investigation({ deadEnds: [], haste: 0.6 });
    const correct = async (mode: 'react' | 'reflact') => {
      let count = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const trace = await run(hasty, { mode, seed });
        if (trace.answer === 'The value is 42 kg.') count++;
      }
      return count;
    };
    expect(await correct('reflact')).toBeGreaterThan(await correct('react'));
  });

  it('skips the dead ends in an attempt that remembers a reflection', async () => {
    const scenario = investigation({ onStuck: 'give-up' });
    const verified = { ...scenario, verify: { answerIncludes: ['42 kg'] } };
    const trace = await run(verified, { reflection: { gating: 'off' }, stallExit: 9, attempts: 2 });
    const second = trace.steps.filter((step) => step.attempt === 2 && step.kind === 'action');
    expect(second.map((step) => step.decision.action?.args['key'])).toEqual(['a', 'b']);
    expect(trace.answer).toBe('The value is 42 kg.');
    expect(trace.steps.find((step) => step.kind === 'attempt_reflection')?.modelCall?.text).toMatch(
      /^The attempt failed/,
    );
  });

  it('spends simulated time on the virtual clock: a reflection round-trip costs seconds', async () => {
    const trace = await run(investigation(), { stallExit: 2 });
    const reflection = trace.steps.find((step) => step.kind === 'reflection');
    expect(reflection?.modelCall?.latencyMs).toBeGreaterThan(1000);
    expect(reflection?.modelCall?.ttftMs).toBeGreaterThan(0);
    expect(trace.metrics.latencyMs).toBe(
      trace.steps.reduce((sum, step) => sum + (step.modelCall?.latencyMs ?? 0), 0),
    );
  });

  it('reports usage counted over the real prompt and reply', async () => {
    const trace = await run(investigation(), { stallExit: 2 });
    const call = trace.steps[0]?.modelCall;
    expect(call?.usageEstimated).toBe(false);
    expect(call?.usage.promptTokens).toBeGreaterThan(100);
    expect(call?.usage.completionTokens).toBeGreaterThan(5);
  });

  it('answers a native tool call under the tools protocol', () => {
    const scenario = investigation();
    const reply = simulateReply(
      scenario,
      [
        { role: 'system', content: 'You are a ReAct agent.' },
        { role: 'user', content: scenario.task },
      ],
      { seed: 1, protocol: 'tools' },
    );
    expect(reply.toolCall).toEqual({ name: 'lookup', arguments: '{"key":"x"}' });
  });

  it('is driven by the context alone: the same messages give the same reply', () => {
    const scenario = investigation({ drift: 0.5 });
    const messages = [
      { role: 'system' as const, content: 'You are a ReAct agent.' },
      { role: 'user' as const, content: scenario.task },
    ];
    expect(simulateReply(scenario, messages, { seed: 7 })).toEqual(
      simulateReply(scenario, messages, { seed: 7 }),
    );
  });
});
