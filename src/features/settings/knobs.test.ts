import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, resolveConfig, type ConfigOverrides } from '../../engine';
import { mergeOverrides } from '../../state/run-navigation';
import {
  KNOB_GROUPS,
  changedCount,
  checkNumber,
  describeChanges,
  type Knob,
  type NumberKnob,
} from './knobs';

const knobs = KNOB_GROUPS.flatMap((group) => group.knobs);
const knob = (id: string): Knob => {
  const found = knobs.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no knob ${id}`);
  return found;
};
const numberKnob = (id: string) => knob(id) as NumberKnob;

describe('the knobs', () => {
  it('cover every field of the config but the protocol (a real endpoint fixes it)', () => {
    const keys = new Set<string>();
    for (const k of knobs) {
      const written: ConfigOverrides =
        k.kind === 'number'
          ? k.write(1)
          : k.kind === 'switch'
            ? k.write(true)
            : k.write(k.options[0]?.value ?? '');
      for (const [key, value] of Object.entries(written)) {
        if (key === 'reflection')
          for (const inner of Object.keys(value as object)) keys.add(`reflection.${inner}`);
        else keys.add(key);
      }
    }
    const expected = Object.entries(DEFAULT_CONFIG).flatMap(([key, value]) =>
      key === 'reflection'
        ? Object.keys(value as object).map((inner) => `reflection.${inner}`)
        : [key],
    );
    expect([...keys].sort()).toEqual(expected.filter((key) => key !== 'protocol').sort());
  });

  it('read back what they write', () => {
    for (const k of knobs) {
      const value =
        k.kind === 'number'
          ? k.number === 'fraction'
            ? 0.5
            : 7
          : k.kind === 'switch'
            ? !k.read(DEFAULT_CONFIG)
            : (k.options.at(-1)?.value ?? '');
      const config = resolveConfig(
        mergeOverrides(
          {},
          k.kind === 'number'
            ? k.write(value as number)
            : k.kind === 'switch'
              ? k.write(value as boolean)
              : k.write(value as string),
        ),
      );
      expect(k.read(config)).toBe(value);
    }
  });

  it('name "Reflection gating" for the gating select, and never "Mode"', () => {
    expect(knob('gating').label).toBe('Reflection gating');
    expect(knobs.some((k) => /mode/i.test(k.label))).toBe(false);
  });

  it('count what differs from the defaults', () => {
    const changed = resolveConfig({ maxSteps: 3, reflection: { gating: 'off' } });
    expect(changedCount(changed, DEFAULT_CONFIG)).toBe(2);
    expect(changedCount(DEFAULT_CONFIG, DEFAULT_CONFIG)).toBe(0);
  });
});

describe('numbers a user types', () => {
  it('accept whole numbers at or above the contract minimum', () => {
    expect(checkNumber(numberKnob('max-steps'), ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(checkNumber(numberKnob('max-reflections'), '0')).toEqual({ ok: true, value: 0 });
    expect(checkNumber(numberKnob('seed'), '0')).toEqual({ ok: true, value: 0 });
  });

  it('name the problem with a number below the minimum', () => {
    expect(checkNumber(numberKnob('max-steps'), '0')).toEqual({
      ok: false,
      message: 'Max steps must be at least 1.',
    });
  });

  it('name the problem with a fraction, a word or nothing where a whole number belongs', () => {
    for (const text of ['1.5', 'abc', '', '1e3']) {
      expect(checkNumber(numberKnob('stall-exit'), text)).toEqual({
        ok: false,
        message: 'Stall exit must be a whole number, at least 1.',
      });
    }
  });

  it('take the reward threshold from 0 to 1', () => {
    const threshold = numberKnob('reward-threshold');
    expect(checkNumber(threshold, '0.75')).toEqual({ ok: true, value: 0.75 });
    expect(checkNumber(threshold, '1')).toEqual({ ok: true, value: 1 });
    for (const text of ['1.2', '-0.1', '', 'x']) {
      expect(checkNumber(threshold, text)).toEqual({
        ok: false,
        message: 'Reward threshold must be a number from 0 to 1.',
      });
    }
  });
});

describe('what changed, in words', () => {
  it('lists each knob that differs from the defaults with its value as the panel shows it', () => {
    const defaults = resolveConfig();
    const config = resolveConfig({
      mode: 'reflact',
      reflection: { gating: 'fixed', interval: 2 },
      fabricationGuard: false,
    });
    expect(describeChanges(config, defaults)).toEqual([
      'Loop style: ReflAct',
      'Reflection gating: Fixed cadence',
      'Interval: 2',
      'Fabrication guard: off',
    ]);
    expect(describeChanges(defaults, defaults)).toEqual([]);
  });
});
