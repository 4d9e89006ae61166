/** Pure: the settings change that takes a config to a saved one, knob by knob. */
import type { ConfigOverrides, LoopConfig } from '../../engine';
import { KNOB_GROUPS } from './knobs';

/** Two changes as one; their reflection settings merge field by field. */
function merged(a: ConfigOverrides, b: ConfigOverrides): ConfigOverrides {
  const reflection =
    a.reflection || b.reflection ? { ...a.reflection, ...b.reflection } : undefined;
  return { ...a, ...b, ...(reflection ? { reflection } : {}) };
}

/**
 * Pure: the change that makes `current` read as `target` on every knob of the Settings (only the
 * knobs that differ), so applying saved settings leaves no earlier change behind.
 */
export function changesTo(current: LoopConfig, target: LoopConfig): ConfigOverrides {
  let change: ConfigOverrides = {};
  for (const knob of KNOB_GROUPS.flatMap((group) => group.knobs)) {
    const value: unknown = knob.read(target);
    if (knob.read(current) === value) continue;
    // A knob writes what it reads (each kind: its own value type).
    const write = knob.write as (value: unknown) => ConfigOverrides;
    change = merged(change, write(value));
  }
  return change;
}
