import { describe, expect, it } from 'vitest';
import { gradeRun, isCorrect } from './grading';
import { testScenario } from './testing/drive';
import type { Trace } from './trace/types';

const trace = (fields: Partial<Trace>): Trace =>
  ({ stopReason: 'answer', answer: null, escalation: null, ...fields }) as Trace;

describe('grading a run', () => {
  it('is null when the scenario expects nothing', () => {
    expect(isCorrect(testScenario(), trace({ answer: '42' }))).toBeNull();
  });

  it('needs an answer holding every expected string, ignoring case', () => {
    const scenario = testScenario({ expected: { answerIncludes: ['Value', '42'] } });
    expect(isCorrect(scenario, trace({ answer: 'the value is 42' }))).toBe(true);
    expect(isCorrect(scenario, trace({ answer: 'the value is 7' }))).toBe(false);
    expect(isCorrect(scenario, trace({ stopReason: 'max_steps' }))).toBe(false);
  });

  it('gives a run someone stopped no verdict', () => {
    const scenario = testScenario({ expected: { answerIncludes: ['42'] } });
    expect(gradeRun(scenario, trace({ stopReason: 'cancelled' }))).toBeNull();
    expect(isCorrect(scenario, trace({ stopReason: 'cancelled' }))).toBeNull();
  });

  it('grades an expected escalation by its stop reason and escalation reason', () => {
    const scenario = testScenario({
      expected: { stopReason: 'escalate', escalation: 'fabrication' },
    });
    const escalated = (reason: 'fabrication' | 'model') =>
      trace({ stopReason: 'escalate', escalation: { reason, detail: '' } });
    expect(isCorrect(scenario, escalated('fabrication'))).toBe(true);
    expect(isCorrect(scenario, escalated('model'))).toBe(false);
    expect(isCorrect(scenario, trace({ answer: 'ok' }))).toBe(false);
  });

  it('names the expected parts a wrong answer leaves out, and why any other run is wrong', () => {
    const scenario = testScenario({ expected: { answerIncludes: ['15%', '5-7 business days'] } });
    expect(gradeRun(scenario, trace({ answer: 'Yes, with a 15% fee.' }))).toEqual({
      correct: false,
      miss: 'missing',
      expectedStop: 'answer',
      missing: ['5-7 business days'],
    });
    expect(gradeRun(scenario, trace({ stopReason: 'stalled' }))).toMatchObject({
      correct: false,
      miss: 'stop',
      missing: [],
    });
    expect(
      gradeRun(scenario, trace({ answer: 'A 15% fee; refunds in 5-7 Business Days.' })),
    ).toEqual({ correct: true, miss: null, expectedStop: 'answer', missing: [] });
    expect(gradeRun(testScenario(), trace({ answer: '42' }))).toBeNull();
  });
});
