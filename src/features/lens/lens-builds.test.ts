import { describe, expect, it } from 'vitest';
import { buildLens } from '../../projections/lens';
import { configWith, handTrace, type StepSpec } from '../../projections/lens/lens-fixtures';
import { AT_ONCE_STEPS, lensNow, whenLensBuilt } from './lens-builds';

/** A trace past the at-once limit: a repeated call now and then, and runs of empty results. */
function longTrace(steps = AT_ONCE_STEPS * 3) {
  const specs: StepSpec[] = Array.from({ length: steps }, (_, index) => ({
    tool: 'search',
    args: { q: index % 50 === 0 ? 'again' : `q${index}` },
    result: index % 4 === 0 ? [] : [{ hit: index }],
  }));
  return handTrace(specs);
}

const settings = { config: configWith({ duplicates: 'block' }), evidenceRules: [] };

describe('a long trace’s lens, built in pieces', () => {
  it('is not built in the render that asks; once built, every waiter hears and it is the lens', async () => {
    const trace = longTrace();
    expect(lensNow(trace, settings)).toBeUndefined();
    const heard: string[] = [];
    await Promise.all([
      new Promise<void>((resolve) =>
        whenLensBuilt(trace, settings, () => resolve(void heard.push('a'))),
      ),
      new Promise<void>((resolve) =>
        whenLensBuilt(trace, settings, () => resolve(void heard.push('b'))),
      ),
    ]);
    expect(heard.sort()).toEqual(['a', 'b']);
    const lens = lensNow(trace, settings);
    expect(lens).toEqual(buildLens(trace, settings));
    expect(lens?.marks.some((mark) => mark.kind === 'duplicate')).toBe(true);
    // Asked again, it is there at once.
    let again = false;
    whenLensBuilt(trace, settings, () => (again = true));
    expect(again).toBe(true);
  });

  it('stops when nothing waits for it any more, and starts again when asked', async () => {
    const trace = longTrace();
    let heard = false;
    const stop = whenLensBuilt(trace, settings, () => (heard = true));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toBe(false);
    expect(lensNow(trace, settings)).toBeUndefined();
    await new Promise<void>((resolve) => whenLensBuilt(trace, settings, resolve));
    expect(lensNow(trace, settings)).toEqual(buildLens(trace, settings));
  });

  it('a short trace has its lens at once', () => {
    const trace = longTrace(AT_ONCE_STEPS);
    expect(lensNow(trace, settings)).toEqual(buildLens(trace, settings));
  });
});
