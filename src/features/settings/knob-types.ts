/** The settings panel's knob kinds, as data, and the helpers that make them. Pure: no React. */
import type { ConfigOverrides, LoopConfig } from '../../engine';

/** One choice of a choice knob. */
export interface Option<T extends string> {
  readonly value: T;
  readonly label: string;
}

interface KnobBase {
  /** Stable id (React key, DOM ids). */
  readonly id: string;
  /** The control's accessible name: a contract for some ("Reflection gating"). */
  readonly label: string;
  readonly help: string;
}

/** A knob with a few named values (a select, or a segmented radio group). */
export interface ChoiceKnob extends KnobBase {
  readonly kind: 'choice';
  /** `segmented` shows the options as radio buttons; `select` as a native select. */
  readonly style: 'select' | 'segmented';
  readonly options: readonly Option<string>[];
  read(config: LoopConfig): string;
  write(value: string): ConfigOverrides;
}

/** An on/off knob (a switch). */
export interface SwitchKnob extends KnobBase {
  readonly kind: 'switch';
  read(config: LoopConfig): boolean;
  write(on: boolean): ConfigOverrides;
}

/** A number knob, checked against the contract's limits. */
export interface NumberKnob extends KnobBase {
  readonly kind: 'number';
  /** `whole`: an integer ≥ min; `fraction`: a number from 0 to 1. */
  readonly number: 'whole' | 'fraction';
  readonly min: number;
  read(config: LoopConfig): number;
  write(value: number): ConfigOverrides;
}

/** Any knob of the panel. */
export type Knob = ChoiceKnob | SwitchKnob | NumberKnob;

/** A folding section of the panel. */
export interface KnobGroup {
  readonly title: 'Loop' | 'Reflection' | 'Guards' | 'Attempts';
  readonly knobs: readonly Knob[];
}

/** A choice knob whose write accepts only its own options. */
export function choice<T extends string>(
  knob: Omit<ChoiceKnob, 'kind' | 'read' | 'write' | 'options' | 'style'> & {
    readonly style?: ChoiceKnob['style'];
    readonly options: readonly Option<T>[];
    read(config: LoopConfig): T;
    write(value: T): ConfigOverrides;
  },
): ChoiceKnob {
  const { options } = knob;
  return {
    ...knob,
    kind: 'choice',
    style: knob.style ?? 'select',
    write: (value) => {
      const picked = options.find((option) => option.value === value);
      return picked ? knob.write(picked.value) : {};
    },
  };
}

/** A whole-number knob. */
export const whole = (knob: Omit<NumberKnob, 'kind' | 'number'>): NumberKnob => ({
  ...knob,
  kind: 'number',
  number: 'whole',
});
