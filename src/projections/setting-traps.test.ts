import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../engine';
import { stallTrap } from './setting-traps';

const config = (stallThreshold: number, stallExit: number, gating = 'adaptive' as const) =>
  resolveConfig({ stallExit, reflection: { gating, stallThreshold } });

describe('the stall trap', () => {
  it('says adaptive reflection can never fire when the threshold is above the stall exit', () => {
    expect(stallTrap(config(4, 3))).toMatch(
      /^Adaptive reflection can never fire: the stall threshold \(4\) is above the stall exit \(3\)/,
    );
  });

  it('is quiet when the threshold is reached at or before the exit, or gating is not adaptive', () => {
    // At the exit itself the adaptive gate is open and reflects first (headless contract).
    expect(stallTrap(config(3, 3))).toBeNull();
    expect(stallTrap(config(1, 3))).toBeNull();
    expect(
      stallTrap(resolveConfig({ stallExit: 2, reflection: { gating: 'off', stallThreshold: 5 } })),
    ).toBeNull();
  });
});
