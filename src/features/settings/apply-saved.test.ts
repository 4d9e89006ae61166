import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../engine';
import { changesTo } from './apply-saved';

describe('applying saved settings', () => {
  it('changes only the knobs that differ, reflection settings field by field', () => {
    const current = resolveConfig({ maxSteps: 6, reflection: { gating: 'fixed', interval: 2 } });
    const saved = resolveConfig({ reflection: { gating: 'adaptive', stallThreshold: 2 } });
    const change = changesTo(current, saved);
    expect(change).toEqual({
      maxSteps: saved.maxSteps,
      reflection: { gating: 'adaptive', interval: saved.reflection.interval, stallThreshold: 2 },
    });
    expect(resolveConfig({ maxSteps: 6, ...change, reflection: { ...change.reflection } })).toEqual(
      saved,
    );
  });

  it('is no change when the settings already match', () => {
    const config = resolveConfig({ seed: 4 });
    expect(changesTo(config, config)).toEqual({});
  });
});
