/** Pure helpers of the run store: settings merges. */
import type { ConfigOverrides } from '../engine';

/** Pure: a settings change over the current overrides; `reflection` merges field by field. */
export function mergeOverrides(current: ConfigOverrides, change: ConfigOverrides): ConfigOverrides {
  const { reflection, ...rest } = change;
  const merged: ConfigOverrides = { ...current, ...rest };
  if (reflection) merged.reflection = { ...current.reflection, ...reflection };
  return merged;
}
