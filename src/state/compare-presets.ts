/** The compare view's presets and lane specs: what a lane is before it runs. Pure data. */
import type { RunRecord } from './run-record';
import type { ConfigOverrides, Gating } from '../engine';

export const MIN_LANES = 2;
export const MAX_LANES = 4;

export type PresetId = 'react-vs-reflact' | 'reflection-gating' | 'guards';

/** The preset a compare view opens with (a link that names no lanes and no preset). */
export const DEFAULT_PRESET: PresetId = 'react-vs-reflact';

/** Pure: the preset an id names, or null (a link's `preset=` may name anything). */
export function presetById(id: string | null): ComparePreset | null {
  return PRESETS.find((preset) => preset.id === id) ?? null;
}

export interface LaneSpec {
  readonly label: string;
  readonly overrides: ConfigOverrides;
  /** A recorded run the lane shows instead of running (a kept run opened from the library). */
  readonly record?: RunRecord;
}

export interface ComparePreset {
  readonly id: PresetId;
  /** The button's text (its accessible name). */
  readonly name: string;
  readonly description: string;
  readonly lanes: readonly LaneSpec[];
}

/** The presets, in the order the toolbar shows them. */
export const PRESETS: readonly ComparePreset[] = [
  {
    id: 'react-vs-reflact',
    name: 'ReAct vs ReflAct',
    description: 'The same gating; a ReAct Thought against a ReflAct state-grounded reflection.',
    lanes: [
      { label: 'ReAct', overrides: { mode: 'react' } },
      { label: 'ReflAct', overrides: { mode: 'reflact' } },
    ],
  },
  {
    id: 'reflection-gating',
    name: 'Reflection off · fixed · adaptive',
    description: 'No reflection, a reflection every few actions, or one when the run stalls.',
    lanes: [
      { label: 'Reflection off', overrides: { reflection: { gating: 'off' } } },
      { label: 'Fixed cadence', overrides: { reflection: { gating: 'fixed' } } },
      { label: 'Adaptive', overrides: { reflection: { gating: 'adaptive' } } },
    ],
  },
  {
    id: 'guards',
    name: 'Guards on vs off',
    description: 'Duplicate calls escalate and answers need evidence, or neither is checked.',
    lanes: [
      { label: 'Guards on', overrides: { duplicates: 'escalate', fabricationGuard: true } },
      { label: 'Guards off', overrides: { duplicates: 'off', fabricationGuard: false } },
    ],
  },
];

/** The gating a fork switches to by default, so something changes: reflection on, or off. */
export function otherGating(gating: Gating): Gating {
  return gating === 'adaptive' ? 'off' : 'adaptive';
}

/** Pure: a preset by id (the first when unknown). */
export const presetOf = (id: PresetId) => PRESETS.find((preset) => preset.id === id) ?? PRESETS[0]!;

/** Pure: lanes to open with, when there are 2–4 of them (else null: a preset instead). */
export const validLanes = (lanes?: readonly LaneSpec[]) =>
  lanes && lanes.length >= MIN_LANES && lanes.length <= MAX_LANES ? lanes : null;
