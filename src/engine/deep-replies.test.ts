import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig } from './index';
import { builtinScenarios } from '../scenarios';

/** A reply whose action arguments nest 5,000 levels deep (a hostile endpoint could send one). */
const deep = `{"case_id": ${'['.repeat(5000)}1${']'.repeat(5000)}}`;

describe('a model reply with arguments nested absurdly deep', () => {
  it('is an unparseable reply naming the problem, not a stack overflow', async () => {
    const base = builtinScenarios().find((scenario) => scenario.id === 'shopops-hostile-loop')!;
    const scenario = {
      ...base,
      model: { kind: 'scripted' as const, turns: [`Thought: load it\nAction: get_order(${deep})`] },
    };
    const trace = await runScenario(
      scenario,
      scenarioConfig(scenario, { unparseable: 'escalate' }),
    );
    expect(trace.stopReason).toBe('escalate');
    expect(trace.escalation?.reason).toBe('unparseable');
    expect(trace.steps[0]?.decision.policy.reason).toBe('unparseable');
  });
});
