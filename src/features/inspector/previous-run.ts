/**
 * Pure: how this run differs from the one before it. After a settings change the metric chips
 * keep the previous run's value beside the new one ("LLM calls: 5, was 4").
 */
import type { MetricChip } from './metrics';

/** A finished run as the chips showed it. */
export interface ShownRun {
  /** The run store's run number: a new number is a new run. */
  readonly key: number;
  readonly scenario: string;
  /** The run's resolved config, as JSON (what "a settings change" compares). */
  readonly config: string;
  readonly chips: readonly MetricChip[];
}

/**
 * Pure: each chip's previous value by chip name, where the run before `current` ran the same
 * scenario under other settings and the value changed; empty otherwise.
 */
export function previousValues(
  current: ShownRun,
  previous: ShownRun | null,
): Readonly<Record<string, string>> {
  if (!previous || previous.scenario !== current.scenario || previous.config === current.config)
    return {};
  const before = new Map(previous.chips.map((chip) => [chip.name, chip.value]));
  const changed: Record<string, string> = {};
  for (const chip of current.chips) {
    const value = before.get(chip.name);
    if (value !== undefined && value !== chip.value) changed[chip.name] = value;
  }
  return changed;
}
