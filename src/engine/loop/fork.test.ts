import { describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import type { ConfigOverrides } from '../config';
import { ModelError, type ModelAdapter } from '../models/spec';
import { runScenario, scenarioConfig, scenarioModel } from '../run-scenario';
import type { Scenario } from '../scenario/types';
import { toTraceJson } from '../trace/build';
import type { Trace } from '../trace/types';
import { ForkError, prepareFork } from './fork';

const scenario = builtinScenario;
const record = (subject: Scenario, overrides: ConfigOverrides = {}) =>
  runScenario(subject, scenarioConfig(subject, overrides));
const steps = (trace: Trace) => JSON.stringify(toTraceJson(trace)['steps']);

/** A model that counts its calls, for "no model call is made for the replayed prefix". */
function counting(model: ModelAdapter): ModelAdapter & { calls: number } {
  const counted = {
    name: model.name,
    calls: 0,
    async *stream(...args: Parameters<ModelAdapter['stream']>) {
      counted.calls++;
      yield* model.stream(...args);
    },
  };
  return counted;
}

describe('forking a recorded run', () => {
  for (const id of [
    'rca-search-stall',
    'shopops-happy',
    'triage-priority-retry',
    'dg-agentur-contact',
  ]) {
    it(`${id}: forked at any step with the same settings, it is the same run again`, async () => {
      const subject = scenario(id);
      const overrides = { attempts: 2 };
      const original = await record(subject, overrides);
      for (let at = 0; at <= original.steps.length - 1; at++) {
        const config = scenarioConfig(subject, overrides);
        const forked = await runScenario(subject, config, {
          fork: { trace: original, atStep: at },
        });
        expect(steps(forked), `fork at ${at}`).toBe(steps(original));
        expect(forked.forkedFrom).toEqual({ step: at });
        expect(forked.stopReason).toBe(original.stopReason);
      }
    });
  }

  it('a run scored by the model judge, forked at any step, is the same run again', async () => {
    const subject = scenario('triage-priority-retry');
    const overrides = { attempts: 2, rewardSource: 'judge' as const };
    const original = await record(subject, overrides);
    expect(original.steps.filter((step) => step.kind === 'judge')).toHaveLength(2);
    for (let at = 0; at <= original.steps.length - 1; at++) {
      const forked = await runScenario(subject, scenarioConfig(subject, overrides), {
        fork: { trace: original, atStep: at },
      });
      expect(steps(forked), `fork at ${at}`).toBe(steps(original));
    }
  });

  it('a judge call that failed replays as it failed: reward unknown, the run went on', async () => {
    const subject = scenario('triage-priority-retry');
    const config = scenarioConfig(subject, { attempts: 2, rewardSource: 'judge' });
    const simulated = scenarioModel(subject, { config });
    const failingJudge: ModelAdapter = {
      name: 'judge fails',
      stream(request, options) {
        if (request.purpose === 'attempt-judge')
          throw new ModelError('http_500', 'The endpoint answered 500 (server error).');
        return simulated.stream(request, options);
      },
    };
    const original = await runScenario(subject, config, { model: failingJudge });
    const judges = original.steps.filter((step) => step.kind === 'judge');
    expect(judges[0]?.judge?.problem).toBe(
      'The judge call failed (The endpoint answered 500 (server error).): the reward is unknown.',
    );
    expect(original.error).toBeNull();
    const last = original.steps.length - 1;
    const forked = await runScenario(subject, config, {
      model: failingJudge,
      fork: { trace: original, atStep: last },
    });
    expect(steps(forked)).toBe(steps(original));
  });

  it('replays the prefix byte for byte without calling the model, then goes on live', async () => {
    const subject = scenario('rca-search-stall');
    const original = await record(subject);
    const config = scenarioConfig(subject);
    const model = counting(scenarioModel(subject, { config }));
    const forked = await runScenario(subject, config, {
      model,
      fork: { trace: original, atStep: 3 },
    });
    expect(JSON.stringify(forked.steps.slice(0, 3))).toBe(
      JSON.stringify(original.steps.slice(0, 3)),
    );
    expect(model.calls).toBe(original.metrics.llmCalls - 3);
  });

  it('goes on under the new settings from the fork step: turning reflection off changes the rest', async () => {
    const subject = scenario('rca-search-stall');
    const original = await record(subject); // adaptive: step 1 is the reflection
    expect(original.steps[1]?.kind).toBe('reflection');
    const off = scenarioConfig(subject, { reflection: { gating: 'off' } });
    const forked = await runScenario(subject, off, { fork: { trace: original, atStep: 1 } });
    expect(forked.steps[0]).toEqual(original.steps[0]);
    expect(forked.steps[1]?.kind).toBe('action');
    expect(forked.metrics.reflections).toBe(0);
    expect(forked.stopReason).toBe('stalled');
    expect(forked.config.reflection.gating).toBe('off');
  });

  it('a scripted model goes on with the replies after the replayed ones', async () => {
    const subject = scenario('shopops-hostile-loop');
    const original = await record(subject, { duplicates: 'block' });
    const forked = await runScenario(subject, scenarioConfig(subject, { duplicates: 'escalate' }), {
      fork: { trace: original, atStep: 2 },
    });
    expect(forked.steps.slice(0, 2)).toEqual(original.steps.slice(0, 2));
    expect(forked.escalation?.reason).toBe('duplicate_tool_call');
  });

  it('refuses a step the run does not have, and a trace that no longer replays', async () => {
    const subject = scenario('shopops-happy');
    const original = await record(subject);
    const config = scenarioConfig(subject);
    expect(() => prepareFork(subject, original, 99, config)).toThrow(ForkError);
    const tampered = {
      ...original,
      steps: original.steps.map((s, i) => (i === 0 ? { ...s, thought: 'edited' } : s)),
    };
    expect(() => prepareFork(subject, tampered, 2, config)).toThrow(
      /gave other steps|did not reach/,
    );
  });
});
