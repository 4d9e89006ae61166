import { describe, expect, it } from 'vitest';
import { interruptedNotice } from './interrupted-notice';

describe('the notice of runs a reload interrupted', () => {
  it('says nothing when none were', () => {
    expect(interruptedNotice(0)).toBeNull();
  });

  it('says what happened, where the steps are and what to do, for one run and for several', () => {
    expect(interruptedNotice(1)).toEqual({
      tone: 'problem',
      text: expect.stringMatching(
        /^A run was still going when this tab was closed or reloaded\. It is kept in the Library as Interrupted, with the steps it recorded: open it there, or press Run/,
      ),
    });
    expect(interruptedNotice(3)?.text).toMatch(
      /^3 runs were still going .* They are kept in the Library as Interrupted/,
    );
  });
});
