/**
 * Config overrides from JSON (a trace's config, saved settings, a link's settings): the fields
 * as data, and a validator written without zod, so the page reads saved settings and links at
 * start without loading the schema library (config-schema.ts builds the trace schema's zod
 * version from the same fields; config-schema.test.ts checks that both say the same). Pure.
 */
import type { ConfigOverrides } from './config';
import { expectation, formatPath, oneOf, type PathSegment } from './scenario/errors';

/** One field of the overrides: what JSON value it takes. */
export type ConfigField =
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'int'; readonly min: number }
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'object'; readonly fields: ConfigFields };

export type ConfigFields = Readonly<Record<string, ConfigField>>;

const count: ConfigField = { kind: 'int', min: 0 };
const positive: ConfigField = { kind: 'int', min: 1 };
const oneOfValues = (...values: string[]): ConfigField => ({ kind: 'enum', values });

/** Every field of ConfigOverrides, all optional; this order is the order a parse returns them in. */
export const CONFIG_FIELDS: ConfigFields = {
  mode: oneOfValues('act', 'react', 'reflact'),
  reflection: {
    kind: 'object',
    fields: {
      gating: oneOfValues('off', 'fixed', 'adaptive'),
      interval: positive,
      maxReflections: count,
      stallThreshold: positive,
    },
  },
  stallExit: positive,
  maxSteps: positive,
  duplicates: oneOfValues('escalate', 'block', 'off'),
  fabricationGuard: { kind: 'boolean' },
  unparseable: oneOfValues('escalate', 'reprompt'),
  highConfidence: { kind: 'boolean' },
  attempts: positive,
  rewardThreshold: { kind: 'number', min: 0, max: 1 },
  rewardSource: oneOfValues('verifier', 'none', 'judge'),
  history: oneOfValues('cross_trajectory', 'cross_task'),
  memoryWindow: count,
  protocol: oneOfValues('text', 'tools'),
  seed: count,
};

/** A config that is not one: `message` is one line, `<JSON path>: <what is wrong>`. */
export class ConfigError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** What is wrong with `value` as `field`, in the wording of the schema's messages; null if fine. */
function problemOf(field: Exclude<ConfigField, { kind: 'object' }>, value: unknown): string | null {
  switch (field.kind) {
    case 'enum':
      return field.values.includes(value as string)
        ? null
        : expectation(oneOf(field.values), value);
    case 'boolean':
      return typeof value === 'boolean' ? null : expectation('true or false', value);
    case 'int':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return expectation('a number', value);
      if (field.kind === 'int' && !Number.isInteger(value)) return expectation('a int', value);
      if (value < field.min) return `Too small: expected number to be >=${field.min}`;
      if (field.kind === 'number' && value > field.max)
        return `Too big: expected number to be <=${field.max}`;
      return null;
    }
  }
}

/** The fields of `input` checked in document order (the first problem is the first written). */
function readFields(
  fields: ConfigFields,
  input: unknown,
  path: readonly PathSegment[],
): Record<string, unknown> {
  if (!isObject(input)) throw new ConfigError(formatPath(path), expectation('an object', input));
  const read: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field || value === undefined) continue; // unknown keys are dropped; absent is fine
    if (field.kind === 'object') read[key] = readFields(field.fields, value, [...path, key]);
    else {
      const problem = problemOf(field, value);
      if (problem) throw new ConfigError(formatPath([...path, key]), problem);
      read[key] = value;
    }
  }
  // In the fields' order, as the schema returns them.
  return Object.fromEntries(
    Object.keys(fields).flatMap((key) => (key in read ? [[key, read[key]]] : [])),
  );
}

/** Pure: validates config overrides given as JSON (unknown keys are dropped); throws ConfigError. */
export function parseConfigOverrides(input: unknown): ConfigOverrides {
  return readFields(CONFIG_FIELDS, input, []) as ConfigOverrides;
}
