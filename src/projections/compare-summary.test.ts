import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Gating, type Step, type Trace } from '../engine';
import { builtinScenarios } from '../scenarios';
import {
  formatCall,
  laneMetrics,
  metricDeltas,
  stepDifferences,
  outcomeLead,
  summariseLanes,
  timeNoise,
  type LaneMetrics,
} from './compare-summary';

const stall = builtinScenarios().find((scenario) => scenario.id === 'rca-search-stall');
if (!stall) throw new Error('rca-search-stall is a built-in scenario');

const runWith = (gating: Gating): Promise<Trace> =>
  runScenario(stall, scenarioConfig(stall, { reflection: { gating } }));

const metrics = (change: Partial<LaneMetrics> = {}): LaneMetrics => ({
  llmCalls: 5,
  reflections: 1,
  triggers: [{ trigger: 'stall', count: 1 }],
  toolCalls: 3,
  emptyToolCalls: 1,
  promptTokens: 2500,
  completionTokens: 240,
  timeMs: 8000,
  timeNoiseMs: 0,
  stopReason: 'answer',
  correct: true,
  grade: null,
  ...change,
});

describe('a lane’s metrics', () => {
  it('count calls, reflections with their triggers, tokens and time, and grade the answer', async () => {
    const adaptive = laneMetrics(stall, await runWith('adaptive'));
    expect(adaptive).toMatchObject({
      llmCalls: 5,
      reflections: 1,
      triggers: [{ trigger: 'stall', count: 1 }],
      toolCalls: 3,
      emptyToolCalls: 1,
      stopReason: 'answer',
      correct: true,
    });
    expect(adaptive.promptTokens).toBeGreaterThan(0);
    expect(adaptive.timeMs).toBeGreaterThan(0);
  });

  it('grade a stalled run as wrong', async () => {
    const off = laneMetrics(stall, await runWith('off'));
    expect(off).toMatchObject({
      reflections: 0,
      triggers: [],
      stopReason: 'stalled',
      correct: false,
    });
  });
});

describe('deltas against the baseline', () => {
  it('call fewer calls, tokens, empty calls and less time better', () => {
    const deltas = metricDeltas(
      metrics({ llmCalls: 3, emptyToolCalls: 0, promptTokens: 1500, timeMs: 6500 }),
      metrics(),
      'answer',
    );
    expect(deltas.llmCalls).toEqual({
      verdict: 'better',
      arrow: '▼',
      amount: '2',
      change: '2 fewer',
    });
    expect(deltas.emptyToolCalls).toEqual({
      verdict: 'better',
      arrow: '▼',
      amount: '1',
      change: '1 fewer',
    });
    expect(deltas.promptTokens).toEqual({
      verdict: 'better',
      arrow: '▼',
      amount: '1,000',
      change: '1,000 fewer',
    });
    expect(deltas.timeMs).toEqual({
      verdict: 'better',
      arrow: '▼',
      amount: '1.5 s',
      change: '1.5 s less',
    });
  });

  it('call more of them worse', () => {
    const deltas = metricDeltas(
      metrics({ toolCalls: 5, completionTokens: 300 }),
      metrics(),
      'answer',
    );
    expect(deltas.toolCalls).toEqual({
      verdict: 'worse',
      arrow: '▲',
      amount: '2',
      change: '2 more',
    });
    expect(deltas.completionTokens).toEqual({
      verdict: 'worse',
      arrow: '▲',
      amount: '60',
      change: '60 more',
    });
  });

  it('count reflections neither better nor worse, only show the difference', () => {
    expect(metricDeltas(metrics({ reflections: 3 }), metrics(), 'answer').reflections).toEqual({
      verdict: 'differs',
      arrow: '▲',
      amount: '2',
      change: '2 more',
    });
  });

  it('call equal values the same, and time within a rounding the same', () => {
    const deltas = metricDeltas(metrics({ timeMs: 8030 }), metrics(), 'answer');
    for (const delta of Object.values(deltas)) expect(delta.verdict).toBe('same');
  });

  it('call a time difference below either run’s own noise the same, and a larger one not', () => {
    // The baseline's calls vary by 0.6 s from one to the next: 0.4 s more is noise, 0.8 s is not.
    const noisy = metrics({ timeNoiseMs: 600 });
    expect(metricDeltas(metrics({ timeMs: 8400 }), noisy, 'answer').timeMs.verdict).toBe('same');
    expect(metricDeltas(noisy, metrics({ timeMs: 7600 }), 'answer').timeMs.verdict).toBe('same');
    expect(metricDeltas(metrics({ timeMs: 8800 }), noisy, 'answer').timeMs).toMatchObject({
      verdict: 'worse',
      amount: '0.8 s',
    });
  });

  it('measure a run’s time noise as the spread of its calls’ latencies', () => {
    const calls = (latencies: number[]) =>
      ({
        steps: latencies.map((latencyMs) => ({ modelCall: { latencyMs } })),
      }) as unknown as Trace;
    expect(timeNoise(calls([1000, 1000, 1000]))).toBe(0);
    expect(timeNoise(calls([1000, 2000, 3000]))).toBe(1000);
    expect(timeNoise(calls([2500]))).toBe(0);
  });

  it('call the better outcome’s extra spending its cost, and the worse outcome’s savings no gain', () => {
    const stalled = metrics({ stopReason: 'stalled', correct: false, llmCalls: 3 });
    const answered = metrics({ llmCalls: 5, promptTokens: 3000 });
    const won = metricDeltas(answered, stalled, 'answer');
    expect(won.llmCalls).toMatchObject({ verdict: 'cost', change: '2 more' });
    expect(won.promptTokens.verdict).toBe('cost');
    expect(won.correct.verdict).toBe('better');
    const lost = metricDeltas(stalled, answered, 'answer');
    expect(lost.llmCalls.verdict).toBe('differs');
    expect(lost.correct.verdict).toBe('worse');
  });

  it('lead with the outcome when it differs, then what the better one cost', () => {
    const stalled = metrics({ stopReason: 'stalled', correct: false, llmCalls: 3 });
    const answered = metrics({ llmCalls: 4, promptTokens: 3633 });
    const lanes = [
      { label: 'B Adaptive', metrics: answered },
      { label: 'A Reflection off', metrics: stalled },
    ] as const;
    const lead =
      'B Adaptive answered correctly where A Reflection off stalled: +1 call, +1,133 tokens to answer correctly.';
    expect(outcomeLead(lanes[0], lanes[1], 'answer')).toBe(lead);
    expect(outcomeLead(lanes[1], lanes[0], 'answer')).toBe(lead);
    expect(outcomeLead(lanes[0], { label: 'A', metrics: metrics() }, 'answer')).toBeNull();
  });

  it('rank correct above wrong', () => {
    expect(metricDeltas(metrics(), metrics({ correct: false }), 'answer').correct).toEqual({
      verdict: 'better',
      arrow: null,
      amount: null,
      change: 'correct, not wrong',
    });
    expect(metricDeltas(metrics({ correct: false }), metrics(), 'answer').correct.verdict).toBe(
      'worse',
    );
  });

  it('rank the stop the scenario expects above the others', () => {
    const stalled = metrics({ stopReason: 'stalled' });
    expect(metricDeltas(metrics(), stalled, 'answer').stopReason).toEqual({
      verdict: 'better',
      arrow: null,
      amount: null,
      change: 'answered, not stalled',
    });
    expect(metricDeltas(stalled, metrics(), 'answer').stopReason.verdict).toBe('worse');
    const escalated = metrics({ stopReason: 'escalate' });
    expect(metricDeltas(escalated, metrics(), 'escalate').stopReason.verdict).toBe('better');
    expect(metricDeltas(escalated, stalled, 'answer').stopReason.verdict).toBe('differs');
  });
});

describe('summarising lanes', () => {
  it('gives every lane but the baseline deltas, and none to a lane that has not run', async () => {
    const [off, adaptive] = await Promise.all([runWith('off'), runWith('adaptive')]);
    const summary = summariseLanes(stall, [off, adaptive, null], 0);
    expect(summary[0]?.deltas).toBeNull();
    expect(summary[1]?.deltas?.stopReason.verdict).toBe('better');
    expect(summary[1]?.deltas?.correct.verdict).toBe('better');
    // The stalled baseline failed: adaptive's extra calls are what its answer cost.
    expect(summary[1]?.deltas?.llmCalls.verdict).toBe('cost');
    expect(summary[2]).toEqual({ metrics: null, deltas: null });
  });

  it('compares against whichever lane is the baseline', async () => {
    const [off, adaptive] = await Promise.all([runWith('off'), runWith('adaptive')]);
    const summary = summariseLanes(stall, [off, adaptive], 1);
    expect(summary[1]?.deltas).toBeNull();
    expect(summary[0]?.deltas?.correct.verdict).toBe('worse');
  });

  it('has no deltas while the baseline has not run', async () => {
    const summary = summariseLanes(stall, [null, await runWith('off')], 0);
    expect(summary[1]?.deltas).toBeNull();
    expect(summary[1]?.metrics?.stopReason).toBe('stalled');
  });
});

describe('what differs at a row', () => {
  it('names each aspect in which the steps differ, with every lane’s value', async () => {
    const [off, adaptive] = await Promise.all([runWith('off'), runWith('adaptive')]);
    const differences = stepDifferences([off.steps[1] ?? null, adaptive.steps[1] ?? null], 0);
    const byAspect = Object.fromEntries(differences.map((d) => [d.aspect, d.values]));
    expect(byAspect.Step).toEqual(['Tool call', 'Reflection']);
    expect(byAspect['Tool and arguments']).toEqual([
      'get_metrics(service: "search-api", metric: "error_rate")',
      '—',
    ]);
    expect(byAspect.Trigger).toEqual(['—', 'stall']);
    expect(byAspect.Observation).toEqual(['empty', '—']);
    expect(differences.every((d) => d.differs[0] === false && d.differs[1] === true)).toBe(true);
  });

  it('is empty when the steps did the same', async () => {
    const [off, adaptive] = await Promise.all([runWith('off'), runWith('adaptive')]);
    const first = [off.steps[0] ?? null, adaptive.steps[0] ?? null];
    expect(stepDifferences(first, 0).map((d) => d.aspect)).not.toContain('Tool and arguments');
  });

  it('says a lane took no step where it has a gap', async () => {
    const adaptive = await runWith('adaptive');
    const differences = stepDifferences([null, adaptive.steps[1] ?? null], 1);
    expect(differences[0]).toEqual({
      aspect: 'Step',
      values: ['no step here', 'Reflection'],
      differs: [true, false],
    });
  });

  it('writes a call with its arguments', async () => {
    const off = await runWith('off');
    expect(formatCall(off.steps[0] as Step)).toBe(
      'search_logs(service: "search-api", window: "today")',
    );
  });
});
