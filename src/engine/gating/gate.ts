/** The reflection gate: whether a reflection phase runs before the next action call. */
import type { ReflectionConfig } from '../config';
import type { Trigger } from '../trace/types';

/** The loop counters the gate reads; all are per attempt. */
export interface GateCounters {
  readonly reflections: number;
  readonly actionStepsSinceReflection: number;
  readonly consecutiveEmpty: number;
  readonly duplicateBlockedSinceReflection: boolean;
}

/**
 * Pure: the trigger that opens the gate now, or null when it stays shut.
 * - `fixed`: reflections < max and action steps since the last reflection ≥ interval.
 * - `adaptive`: reflections < max, at least one action step since the last reflection, and
 *   consecutive empty tool calls ≥ stall threshold (`stall`) or a blocked duplicate (`duplicate`).
 * - `off`: never.
 */
export function reflectionDue(config: ReflectionConfig, counters: GateCounters): Trigger | null {
  if (config.gating === 'off' || counters.reflections >= config.maxReflections) return null;
  if (config.gating === 'fixed') {
    return counters.actionStepsSinceReflection >= config.interval ? 'cadence' : null;
  }
  if (counters.actionStepsSinceReflection < 1) return null;
  if (counters.consecutiveEmpty >= config.stallThreshold) return 'stall';
  if (counters.duplicateBlockedSinceReflection) return 'duplicate';
  return null;
}
