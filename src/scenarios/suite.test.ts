/**
 * What the built-in suite must show (models issue, section 3), over 20 seeds per configuration.
 * The simulated model encodes these tendencies; the test keeps them from eroding.
 */
import { describe, expect, it } from 'vitest';
import {
  isCorrect,
  runScenario,
  scenarioConfig,
  type ConfigOverrides,
  type Trace,
} from '../engine';
import { builtinScenarios } from './index';

const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

interface Summary {
  readonly runs: number;
  readonly accuracy: number;
  readonly reflections: number;
  readonly calls: number;
  readonly tokens: number;
  readonly seconds: number;
  readonly failed: number;
  readonly emptyCalls: number;
  readonly tokensPerCall: number;
  readonly callsPerStep: number;
}

async function summarise(tag: string, overrides: ConfigOverrides): Promise<Summary> {
  const scenarios = builtinScenarios().filter(
    (s) => s.tags.includes(tag) && s.model.kind === 'simulated',
  );
  const traces: { trace: Trace; correct: boolean }[] = [];
  for (const scenario of scenarios) {
    for (const seed of SEEDS) {
      const trace = await runScenario(scenario, scenarioConfig(scenario, { ...overrides, seed }));
      traces.push({ trace, correct: isCorrect(scenario, trace) === true });
    }
  }
  const sum = (pick: (trace: Trace) => number) =>
    traces.reduce((total, { trace }) => total + pick(trace), 0);
  const runs = traces.length;
  const calls = sum((t) => t.metrics.llmCalls);
  return {
    runs,
    accuracy: traces.filter((t) => t.correct).length / runs,
    reflections: sum((t) => t.metrics.reflections) / runs,
    calls: calls / runs,
    tokens: sum((t) => t.metrics.promptTokens + t.metrics.completionTokens) / runs,
    seconds: sum((t) => t.metrics.latencyMs) / runs / 1000,
    failed: traces.filter((t) => !t.correct).length / runs,
    emptyCalls: sum((t) => t.metrics.emptyToolCalls) / runs,
    tokensPerCall: sum((t) => t.metrics.promptTokens + t.metrics.completionTokens) / calls,
    callsPerStep: calls / sum((t) => t.steps.length),
  };
}

describe('the built-in suite', () => {
  it('has at least 3 clear-cut, 3 stalling and 2 multi-hop scenarios with a simulated model', () => {
    const count = (tag: string) =>
      builtinScenarios().filter((s) => s.tags.includes(tag) && s.model.kind === 'simulated').length;
    expect(count('clear-cut')).toBeGreaterThanOrEqual(3);
    expect(count('stalling')).toBeGreaterThanOrEqual(3);
    expect(count('multi-hop')).toBeGreaterThanOrEqual(2);
  });

  it('clear-cut: adaptive gating reflects never, answers as well as fixed, and costs less', async () => {
    const adaptive = await summarise('clear-cut', { reflection: { gating: 'adaptive' } });
    const fixed = await summarise('clear-cut', { reflection: { gating: 'fixed' } });
    expect(adaptive.reflections).toBe(0);
    expect(adaptive.accuracy).toBe(fixed.accuracy);
    expect(adaptive.calls).toBeLessThan(fixed.calls);
    expect(adaptive.tokens).toBeLessThan(fixed.tokens);
    expect(adaptive.seconds).toBeLessThan(fixed.seconds);
  });

  it('stalling: adaptive gating reflects and recovers; with reflection off it fails more often', async () => {
    const adaptive = await summarise('stalling', {
      mode: 'react',
      reflection: { gating: 'adaptive' },
    });
    const off = await summarise('stalling', { mode: 'react', reflection: { gating: 'off' } });
    expect(adaptive.reflections).toBeGreaterThanOrEqual(1);
    expect(adaptive.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(off.failed).toBeGreaterThan(adaptive.failed + 0.3);
  });

  it('ReflAct against ReAct: one call per step, somewhat more tokens per call, fewer drifts', async () => {
    for (const tag of ['stalling', 'multi-hop']) {
      const react = await summarise(tag, { mode: 'react', reflection: { gating: 'off' } });
      const reflact = await summarise(tag, { mode: 'reflact', reflection: { gating: 'off' } });
      expect(reflact.callsPerStep).toBe(1);
      expect(react.callsPerStep).toBe(1);
      expect(reflact.tokensPerCall).toBeGreaterThan(react.tokensPerCall);
      expect(reflact.tokensPerCall).toBeLessThan(react.tokensPerCall * 2);
      expect(reflact.failed, tag).toBeLessThan(react.failed);
    }
  });
});
