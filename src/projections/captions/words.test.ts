import { describe, expect, it } from 'vitest';
import { thirdPerson } from './words';

describe('verbs', () => {
  it('put a verb in the third person', () => {
    expect(['search', 'check', 'look', 'try', 'say', 'fix'].map(thirdPerson)).toEqual([
      'searches',
      'checks',
      'looks',
      'tries',
      'says',
      'fixes',
    ]);
  });
});
