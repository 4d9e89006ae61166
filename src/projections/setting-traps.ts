/**
 * Settings that quietly defeat each other, in words: the settings pane shows them on the fields
 * concerned and the inspector's banner repeats them when a run ends the way they predict. Pure.
 */
import type { LoopConfig } from '../engine';

/**
 * Pure: why adaptive reflection can never fire under `config`, or null when it can. The run
 * stops as stalled once `stallExit` empty calls come in a row, and the adaptive gate opens only
 * at `stallThreshold` of them: a threshold above the exit is never reached (at the exit itself
 * the gate is open and reflects first, docs/headless-contract.md).
 */
export function stallTrap(config: LoopConfig): string | null {
  const { stallThreshold } = config.reflection;
  if (config.reflection.gating !== 'adaptive' || stallThreshold <= config.stallExit) return null;
  return `Adaptive reflection can never fire: the stall threshold (${stallThreshold}) is above the stall exit (${config.stallExit}), so the run stops as stalled first. Lower the threshold or raise the exit.`;
}
