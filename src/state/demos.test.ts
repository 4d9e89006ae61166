import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig } from '../engine';
import { isCorrect } from '../engine';
import { builtinScenarios } from '../scenarios';
import { DEMOS, demoById } from './demos';

const scenarios = builtinScenarios();

/** Each demo's two runs on the built-in model, as the presenter records them. */
async function runDemo(id: string) {
  const demo = demoById(id);
  const scenario = scenarios.find((candidate) => candidate.id === demo.scenarioId);
  if (!scenario) throw new Error(`no scenario ${demo.scenarioId}`);
  return Promise.all(
    demo.lanes.map(async (lane) => {
      const trace = await runScenario(scenario, scenarioConfig(scenario, lane.overrides));
      return { trace, correct: isCorrect(scenario, trace) };
    }),
  );
}

describe('demos', () => {
  it('name built-in scenarios and two lanes each', () => {
    for (const demo of DEMOS) {
      expect(
        scenarios.some((scenario) => scenario.id === demo.scenarioId),
        demo.id,
      ).toBe(true);
      expect(demo.lanes).toHaveLength(2);
    }
    expect(demoById('nope')).toBe(DEMOS[0]);
  });

  it('ReAct vs ReflAct: ReAct answers wrong after one search, ReflAct searches again and is right', async () => {
    const [react, reflact] = await runDemo('react-vs-reflact');
    expect([react!.correct, reflact!.correct]).toEqual([false, true]);
    expect(react!.trace.metrics.toolCalls).toBe(1);
    expect(reflact!.trace.metrics.toolCalls).toBe(2);
  });

  it('adaptive vs fixed: the same right answer, no reflection and fewer tokens', async () => {
    const [fixed, adaptive] = await runDemo('adaptive-vs-fixed');
    expect([fixed!.correct, adaptive!.correct]).toEqual([true, true]);
    expect(fixed!.trace.metrics.reflections).toBeGreaterThan(0);
    expect(adaptive!.trace.metrics.reflections).toBe(0);
    const tokens = (run: typeof fixed) =>
      run!.trace.metrics.promptTokens + run!.trace.metrics.completionTokens;
    expect(tokens(adaptive)).toBeLessThan(tokens(fixed));
  });

  it('off vs adaptive: no reflection stalls, adaptive reflects once and finds the cause', async () => {
    const [off, adaptive] = await runDemo('off-vs-adaptive');
    expect(off!.trace.stopReason).toBe('stalled');
    expect(adaptive!.correct).toBe(true);
    expect(adaptive!.trace.metrics.reflections).toBe(1);
  });
});
