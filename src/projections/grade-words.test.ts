import { describe, expect, it } from 'vitest';
import type { RunGrade } from '../engine';
import { gradeLine, gradeWords } from './grade-words';

const grade = (fields: Partial<RunGrade>): RunGrade => ({
  correct: false,
  miss: 'missing',
  expectedStop: 'answer',
  missing: [],
  ...fields,
});

describe('a grade in words', () => {
  it('says a correct run is correct, with nothing to explain', () => {
    expect(gradeWords(grade({ correct: true, miss: null }))).toEqual({
      word: 'correct',
      why: null,
    });
    expect(gradeLine(grade({ correct: true, miss: null }))).toBe('correct');
  });

  it('quotes the expected parts a wrong answer never mentions', () => {
    expect(gradeLine(grade({ missing: ['15%', '5-7 business days'] }))).toBe(
      'wrong: never mentions “15%” or “5-7 business days”',
    );
  });

  it('says what a run that stopped otherwise should have done', () => {
    expect(gradeLine(grade({ miss: 'stop' }))).toBe('wrong: it should have answered');
    expect(gradeLine(grade({ miss: 'stop', expectedStop: 'escalate' }))).toBe(
      'wrong: it should have escalated to a person',
    );
    expect(gradeWords(grade({ miss: 'escalation', expectedStop: 'escalate' })).why).toBe(
      'escalated for another reason than expected',
    );
  });
});
