import { describe, expect, it } from 'vitest';
import { contextWords } from './context-words';

describe('the Context tab’s first line', () => {
  it('says nothing of conversations when the run kept one', () => {
    expect(contextWords(0, 1, null, 3)).toEqual({
      where: null,
      since: 'the first model call: every message is new',
    });
    expect(contextWords(0, 1, 2, 2)).toEqual({
      where: null,
      since: '2 new since the call of step 2',
    });
  });

  it('counts conversations from 1 when there are several', () => {
    expect(contextWords(1, 2, null, 3)).toEqual({
      where:
        'in conversation 2 of 2 (a new attempt, a reflection between attempts or an early answer starts a fresh one)',
      since: 'the first call of this conversation: every message is new',
    });
    expect(contextWords(0, 3, 1, 2).where).toMatch(/^in conversation 1 of 3 \(/);
  });
});
