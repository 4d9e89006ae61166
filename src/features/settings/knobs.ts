/**
 * The settings panel as data: every knob of the loop's config, its label, a one-line explanation,
 * how to read it from a resolved config and how to write it as an override, and the contract's
 * limits for numbers (docs/headless-contract.md, the CLI flag table). Pure: no React.
 */
import type { LoopConfig } from '../../engine';
import { ATTEMPTS_GROUP } from './knobs-attempts';
import { choice, whole, type Knob, type KnobGroup, type NumberKnob } from './knob-types';

export * from './knob-types';

/** Every knob, grouped as the panel shows them. */
export const KNOB_GROUPS: readonly KnobGroup[] = [
  {
    title: 'Loop',
    knobs: [
      // Not labelled "Mode": the top bar's select owns that name.
      choice({
        id: 'mode',
        label: 'Loop style',
        style: 'segmented',
        help: 'ACT acts; ReAct thinks first; ReflAct reflects on its state first.',
        options: [
          { value: 'act', label: 'ACT' },
          { value: 'react', label: 'ReAct' },
          { value: 'reflact', label: 'ReflAct' },
        ],
        read: (config) => config.mode,
        write: (mode) => ({ mode }),
      }),
      whole({
        id: 'max-steps',
        label: 'Max steps',
        min: 1,
        help: 'Action steps per attempt before the run stops.',
        read: (config) => config.maxSteps,
        write: (maxSteps) => ({ maxSteps }),
      }),
      whole({
        id: 'stall-exit',
        label: 'Stall exit',
        min: 1,
        help: 'Empty tool calls in a row that end the run as stalled.',
        read: (config) => config.stallExit,
        write: (stallExit) => ({ stallExit }),
      }),
      whole({
        id: 'seed',
        label: 'Seed',
        min: 0,
        help: 'The simulated model’s seed: same seed, same run.',
        read: (config) => config.seed,
        write: (seed) => ({ seed }),
      }),
    ],
  },
  {
    title: 'Reflection',
    knobs: [
      choice({
        id: 'gating',
        label: 'Reflection gating',
        help: 'When a reflection runs: never, on a cadence, or on a stall.',
        options: [
          { value: 'off', label: 'Off' },
          { value: 'fixed', label: 'Fixed cadence' },
          { value: 'adaptive', label: 'Adaptive' },
        ],
        read: (config) => config.reflection.gating,
        write: (gating) => ({ reflection: { gating } }),
      }),
      whole({
        id: 'interval',
        label: 'Interval',
        min: 1,
        help: 'Fixed: reflect after this many action steps.',
        read: (config) => config.reflection.interval,
        write: (interval) => ({ reflection: { interval } }),
      }),
      whole({
        id: 'max-reflections',
        label: 'Max reflections',
        min: 0,
        help: 'Reflection phases allowed per attempt.',
        read: (config) => config.reflection.maxReflections,
        write: (maxReflections) => ({ reflection: { maxReflections } }),
      }),
      whole({
        id: 'stall-threshold',
        label: 'Stall threshold',
        min: 1,
        help: 'Adaptive: empty tool calls in a row before reflecting.',
        read: (config) => config.reflection.stallThreshold,
        write: (stallThreshold) => ({ reflection: { stallThreshold } }),
      }),
    ],
  },
  {
    title: 'Guards',
    knobs: [
      choice({
        id: 'duplicates',
        label: 'Duplicate guard',
        help: 'Same tool, same arguments: escalate, replay the result, or run it.',
        options: [
          { value: 'escalate', label: 'Escalate' },
          { value: 'block', label: 'Block' },
          { value: 'off', label: 'Off' },
        ],
        read: (config) => config.duplicates,
        write: (duplicates) => ({ duplicates }),
      }),
      {
        kind: 'switch',
        id: 'fabrication',
        label: 'Fabrication guard',
        help: 'Withhold an answer no observation backs, and escalate.',
        read: (config) => config.fabricationGuard,
        write: (fabricationGuard) => ({ fabricationGuard }),
      },
      choice({
        id: 'unparseable',
        label: 'Unparseable reply',
        help: 'A reply with no readable action: escalate, or ask once more.',
        options: [
          { value: 'escalate', label: 'Escalate' },
          { value: 'reprompt', label: 'Ask again' },
        ],
        read: (config) => config.unparseable,
        write: (unparseable) => ({ unparseable }),
      }),
      {
        kind: 'switch',
        id: 'high-confidence',
        label: 'High-confidence early answer',
        help: 'Answer at once when a search scores high (LLARS rule).',
        read: (config) => config.highConfidence,
        write: (highConfidence) => ({ highConfidence }),
      },
    ],
  },
  ATTEMPTS_GROUP,
];

/** A typed number, checked: its value, or a sentence that names the problem. */
export type NumberCheck =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly message: string };

/** Pure: the number a user typed, or a sentence that names the problem. */
export function checkNumber(knob: NumberKnob, text: string): NumberCheck {
  const trimmed = text.trim();
  if (knob.number === 'fraction') {
    const value = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(value) || value < 0 || value > 1)
      return { ok: false, message: `${knob.label} must be a number from 0 to 1.` };
    return { ok: true, value };
  }
  const value = Number(trimmed);
  if (!/^-?\d+$/.test(trimmed) || !Number.isSafeInteger(value))
    return { ok: false, message: `${knob.label} must be a whole number, at least ${knob.min}.` };
  if (value < knob.min)
    return { ok: false, message: `${knob.label} must be at least ${knob.min}.` };
  return { ok: true, value };
}

/** Pure: how many knobs differ from the defaults. */
export function changedCount(config: LoopConfig, defaults: LoopConfig): number {
  return KNOB_GROUPS.flatMap((group) => group.knobs).filter(
    (knob) => knob.read(config) !== knob.read(defaults),
  ).length;
}

/** Pure: a knob's value in words ("Fixed cadence", "on", "3"). */
function valueInWords(knob: Knob, config: LoopConfig): string {
  if (knob.kind === 'switch') return knob.read(config) ? 'on' : 'off';
  if (knob.kind === 'number') return String(knob.read(config));
  const value = knob.read(config);
  return knob.options.find((option) => option.value === value)?.label ?? value;
}

/**
 * Pure: each knob that differs from the defaults, in words ("Reflection gating: Fixed cadence"),
 * but those `omit` names by id.
 */
export function describeChanges(
  config: LoopConfig,
  defaults: LoopConfig,
  omit: readonly string[] = [],
): string[] {
  return KNOB_GROUPS.flatMap((group) => group.knobs)
    .filter((knob) => !omit.includes(knob.id) && knob.read(config) !== knob.read(defaults))
    .map((knob) => `${knob.label}: ${valueInWords(knob, config)}`);
}
