import { describe, expect, it } from 'vitest';
import type { LoopEvent, Metrics, Step } from '../../engine';
import { formatDuration, liveMetrics, metricChips, triggerSummary } from './metrics';

const METRICS: Metrics = {
  llmCalls: 9,
  reflections: 1,
  toolCalls: 7,
  emptyToolCalls: 3,
  duplicateToolHits: 0,
  fabricationHits: 0,
  promptTokens: 12345,
  completionTokens: 678,
  attempts: 1,
  latencyMs: 4200,
};

const step = (kind: Step['kind'], trigger: Step['trigger'] = null) => ({ kind, trigger }) as Step;

const read = (chips: ReturnType<typeof metricChips>) =>
  chips.map((chip) => `${chip.name}: ${chip.value}`);

describe('live metrics', () => {
  it('are the final metrics once the run ended', () => {
    expect(liveMetrics([], METRICS)).toBe(METRICS);
  });

  it('are those of the last step-end while the run is live', () => {
    const early = { ...METRICS, llmCalls: 1 };
    const later = { ...METRICS, llmCalls: 2 };
    const events = [
      { type: 'step-end', step: step('action'), metrics: early },
      { type: 'step-end', step: step('action'), metrics: later },
      { type: 'model-call-delta', step: 2, text: 'Thought' },
    ] as LoopEvent[];
    expect(liveMetrics(events, null)).toBe(later);
  });

  it('are unknown before the first step ends', () => {
    expect(liveMetrics([{ type: 'attempt-start', attempt: 1 }], null)).toBeNull();
  });
});

describe('the reflection triggers', () => {
  it('name the one trigger plainly', () => {
    expect(triggerSummary([step('action'), step('reflection', 'stall')])).toBe('stall');
  });

  it('count each trigger when there are several, most frequent first', () => {
    const steps = [
      step('reflection', 'cadence'),
      step('reflection', 'stall'),
      step('reflection', 'stall'),
    ];
    expect(triggerSummary(steps)).toBe('2 stall, 1 cadence');
  });

  it('are empty without reflections', () => {
    expect(triggerSummary([step('action')])).toBe('');
  });
});

describe('the metric chips', () => {
  it('read as "<name>: <value>" after a run', () => {
    const chips = metricChips({
      metrics: METRICS,
      status: 'done',
      steps: [step('reflection', 'stall')],
      stopReason: 'answer',
      failed: false,
    });
    expect(read(chips)).toEqual([
      'LLM calls: 9',
      'Reflections: 1 (stall)',
      'Tool calls: 7',
      'Empty calls: 3',
      'Duplicate hits: 0',
      'Tokens: 12,345 in / 678 out',
      'Time: 4.2 s',
      'Stop reason: answer',
    ]);
  });

  it('say that one of the LLM calls failed when a model failure ended the run', () => {
    const chips = metricChips({
      metrics: { ...METRICS, llmCalls: 1 },
      status: 'done',
      steps: [],
      stopReason: 'error',
      failed: false,
    });
    expect(read(chips)[0]).toBe('LLM calls: 1 (1 failed)');
    expect(chips[0]?.tone).toBe('bad');
  });

  it('show a dash before any run and an ellipsis while one starts', () => {
    const idle = metricChips({
      metrics: null,
      status: 'idle',
      steps: [],
      stopReason: null,
      failed: false,
    });
    expect(read(idle)[1]).toBe('Reflections: –');
    const running = metricChips({
      metrics: null,
      status: 'running',
      steps: [],
      stopReason: null,
      failed: false,
    });
    expect(read(running)[0]).toBe('LLM calls: …');
    // Model time only: none yet while the first call runs (the progress line times the call).
    expect(read(running)).toContain('Time: …');
  });

  it('add fabrication hits and attempts only when they happened', () => {
    const chips = metricChips({
      metrics: { ...METRICS, fabricationHits: 1, attempts: 2 },
      status: 'done',
      steps: [],
      stopReason: 'escalate',
      failed: false,
    });
    expect(read(chips)).toContain('Fabrication hits: 1');
    expect(read(chips)).toContain('Attempts: 2');
    expect(read(chips)).toContain('Stop reason: escalated');
  });

  it('say the run errored when it could not record a trace', () => {
    const chips = metricChips({
      metrics: null,
      status: 'done',
      steps: [],
      stopReason: null,
      failed: true,
    });
    expect(read(chips).at(-1)).toBe('Stop reason: error');
  });
});

describe('the answer chip', () => {
  const input = {
    metrics: METRICS,
    status: 'done' as const,
    steps: [],
    stopReason: 'answer' as const,
    failed: false,
  };

  it('says a wrong answer is wrong and what it leaves out, and the stop is no longer good news', () => {
    const chips = metricChips({
      ...input,
      grade: {
        correct: false,
        miss: 'missing',
        expectedStop: 'answer',
        missing: ['5-7 business days'],
      },
    });
    expect(read(chips)[0]).toBe('Answer: wrong (no “5-7 business days”)');
    expect(chips[0]?.tone).toBe('bad');
    expect(chips.find((chip) => chip.name === 'Stop reason')?.tone).toBe('bad');
  });

  it('says a correct answer is correct, and shows nothing where the scenario expects nothing', () => {
    const correct = metricChips({
      ...input,
      grade: { correct: true, miss: null, expectedStop: 'answer', missing: [] },
    });
    expect(read(correct)[0]).toBe('Answer: correct');
    expect(correct[0]?.tone).toBe('good');
    expect(read(metricChips({ ...input, grade: null })).at(-1)).toBe('Stop reason: answer');
  });
});

describe('the Reflections chip of a ReflAct run', () => {
  it('says its state reflection is in each action call, apart from reflection phases', () => {
    const chips = metricChips({
      metrics: { ...METRICS, reflections: 0 },
      status: 'done',
      steps: [],
      stopReason: 'answer',
      failed: false,
      mode: 'reflact',
    });
    expect(read(chips)[1]).toBe('Reflections: 0 phases (state reflection is in each action call)');
  });
});

describe('durations', () => {
  it('keep a tenth of a second under ten seconds, then whole seconds and minutes', () => {
    expect(formatDuration(840)).toBe('0.8 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});
