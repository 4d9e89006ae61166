import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Scenario } from '../engine';
import { runOutcome, summariseRun } from '../projections/eval-matrix';
import { builtinScenarios } from '../scenarios';
import { clipText, noteTraceBytes, outcomeOf, recordBytes, summaryOf } from './library-summary';
import { recordOfTrace, type RunRecord } from './run-record';

const scenarios = builtinScenarios();
const byId = (id: string) => scenarios.find((scenario) => scenario.id === id)!;

async function recordFor(scenario: Scenario, overrides = {}): Promise<RunRecord> {
  const trace = await runScenario(scenario, scenarioConfig(scenario, overrides));
  return recordOfTrace(trace, {
    id: `run-${scenario.id}`,
    scenario,
    overrides,
    origin: { kind: 'live' },
    startedAt: 1_000,
    endedAt: 2_000,
  });
}

describe('the outcome a kept run shows', () => {
  it('agrees with the eval matrix on every built-in scenario', async () => {
    for (const scenario of scenarios) {
      const record = await recordFor(scenario);
      const matrix = runOutcome(summariseRun({ scenario, label: 'x' }, record.trace!));
      const expected =
        matrix === 'answered'
          ? 'correct'
          : ['correct', 'wrong', 'escalated'].includes(matrix)
            ? matrix
            : 'failed';
      expect(outcomeOf(record), scenario.id).toBe(expected);
    }
  });

  it('is correct for the expected answer and wrong for an answer the scenario does not expect', async () => {
    expect(outcomeOf(await recordFor(byId('shopops-happy')))).toBe('correct');
    expect(outcomeOf(await recordFor(byId('dg-agentur-contact')))).toBe('wrong');
  });

  it('is correct for an expected escalation, escalated for one the scenario did not expect', async () => {
    const hostile = byId('shopops-hostile-loop');
    expect(outcomeOf(await recordFor(hostile))).toBe('correct');
    const expectsAnAnswer: Scenario = {
      ...hostile,
      expected: { answerIncludes: [] },
    };
    expect(outcomeOf(await recordFor(expectsAnAnswer))).toBe('escalated');
  });

  it('is failed when the run ran out of steps or recorded no trace', async () => {
    expect(outcomeOf(await recordFor(byId('rca-search-stall'), { maxSteps: 1 }))).toBe('failed');
    const happy = await recordFor(byId('shopops-happy'));
    const broken: RunRecord = {
      ...happy,
      trace: null,
      status: 'failed',
      error: { code: 'run_failed', message: 'The run failed: boom' },
    };
    expect(outcomeOf(broken)).toBe('failed');
  });

  it('is running while live and interrupted once cut, whatever its trace so far says', async () => {
    const happy = await recordFor(byId('shopops-happy'));
    expect(outcomeOf({ ...happy, status: 'running' })).toBe('running');
    expect(outcomeOf({ ...happy, status: 'interrupted' })).toBe('interrupted');
  });
});

describe('a kept run in the list', () => {
  it('shows its scenario, settings, counts, answer and dates, named and pinned by its label', async () => {
    const record = await recordFor(byId('shopops-happy'), { reflection: { gating: 'fixed' } });
    const trace = record.trace!;
    const summary = summaryOf(record, { name: 'Happy path', pinned: true }, recordBytes(record));
    expect(summary).toEqual({
      id: 'run-shopops-happy',
      name: 'Happy path',
      pinned: true,
      scenarioId: 'shopops-happy',
      scenarioTitle: record.scenario.title,
      status: 'done',
      outcome: 'correct',
      stopReason: 'answer',
      origin: 'live',
      mode: trace.config.mode,
      gating: 'fixed',
      steps: trace.steps.length,
      llmCalls: trace.metrics.llmCalls,
      reflections: trace.metrics.reflections,
      tokens: trace.metrics.promptTokens + trace.metrics.completionTokens,
      latencyMs: trace.metrics.latencyMs,
      answer: trace.answer,
      startedAt: 1_000,
      endedAt: 2_000,
      bytes: JSON.stringify(record).length,
    });
    expect(summaryOf(record, {}, 0)).toMatchObject({ name: null, pinned: false });
  });

  it('clips a long answer to one tidy line', () => {
    const long = `${'word '.repeat(200)}\n\nend`;
    const clipped = clipText(long);
    expect(clipped.length).toBeLessThanOrEqual(280);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clipped).not.toMatch(/\n|\s{2}/);
    expect(clipText('  short\nanswer ')).toBe('short answer');
  });

  it('counts a trace read from a file as the file, the rest of the record as its JSON', async () => {
    const record = await recordFor(byId('shopops-happy'));
    const whole = JSON.stringify(record).length;
    expect(recordBytes(record)).toBe(whole);
    const rest = JSON.stringify({ ...record, trace: null }).length;
    noteTraceBytes(record.trace!, 12_345);
    expect(recordBytes(record)).toBe(12_345 + rest);
    // Another record of the same trace (the inspector's, once shown) counts it the same.
    const shown = { ...record, id: 'another' };
    expect(recordBytes(shown)).toBe(12_345 + JSON.stringify({ ...shown, trace: null }).length);
  });
});
