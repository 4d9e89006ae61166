import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfigOverrides } from './config-check';
import { configOverridesSchema } from './config-schema';
import { firstIssue, scenarioErrorMap } from './scenario/issues';

/** What the zod schema (a trace file's `config`) makes of `input`: the overrides or the problem. */
function bySchema(input: unknown): unknown {
  const result = configOverridesSchema.safeParse(input, { error: scenarioErrorMap });
  if (result.success) return result.data;
  const first = firstIssue(result.error.issues, input);
  return `${first?.path}: ${first?.message}`;
}

/** What the zod-free check the page uses at start makes of `input`. */
function byCheck(input: unknown): unknown {
  try {
    return parseConfigOverrides(input);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

describe('config overrides: the trace schema and the check the page starts with agree', () => {
  const inputs: [string, unknown][] = [
    [
      'every field',
      {
        seed: 3,
        mode: 'react',
        reflection: { stallThreshold: 2, gating: 'adaptive', interval: 1, maxReflections: 0 },
        stallExit: 2,
        maxSteps: 12,
        duplicates: 'block',
        fabricationGuard: false,
        unparseable: 'reprompt',
        highConfidence: true,
        attempts: 3,
        rewardThreshold: 0.5,
        rewardSource: 'judge',
        history: 'cross_task',
        memoryWindow: 4,
        protocol: 'tools',
      },
    ],
    ['unknown keys', { colour: 'blue', mode: 'act', reflection: { shade: 1 } }],
    ['nothing', {}],
    ['not an object', []],
    ['null', null],
    ['a string', 'reflact'],
    ['an unknown mode', { mode: 'fast' }],
    ['a fraction of steps', { maxSteps: 1.5 }],
    ['no steps', { maxSteps: 0 }],
    ['a negative seed', { seed: -1 }],
    ['a threshold above 1', { rewardThreshold: 2 }],
    ['a threshold below 0', { rewardThreshold: -0.5 }],
    ['a word for a boolean', { fabricationGuard: 'yes' }],
    ['reflection not an object', { reflection: 3 }],
    ['a bad nested field', { reflection: { gating: 'sometimes' } }],
    ['two problems, the first written wins', { maxSteps: 'ten', mode: 'nope' }],
    ['two nested problems', { reflection: { interval: 'x', gating: 'y' }, seed: -2 }],
    ['null for a number', { attempts: null }],
  ];

  it.each(inputs)('%s', (_name, input) => {
    expect(byCheck(input)).toStrictEqual(bySchema(input));
  });
});
