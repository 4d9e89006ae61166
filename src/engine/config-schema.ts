/**
 * Config overrides from JSON (a trace's config, saved settings): validated field by field, with
 * one ConfigError naming the JSON path of the first problem. Pure.
 */
import { z } from 'zod';
import type { ConfigOverrides } from './config';
import { firstIssue, scenarioErrorMap } from './scenario/issues';

const count = z.number().int().min(0);

/** Config overrides as JSON gives them: every field optional, unknown keys dropped. */
export const configOverridesSchema = z.object({
  mode: z.enum(['act', 'react', 'reflact']).optional(),
  reflection: z
    .object({
      gating: z.enum(['off', 'fixed', 'adaptive']).optional(),
      interval: z.number().int().min(1).optional(),
      maxReflections: count.optional(),
      stallThreshold: z.number().int().min(1).optional(),
    })
    .optional(),
  stallExit: z.number().int().min(1).optional(),
  maxSteps: z.number().int().min(1).optional(),
  duplicates: z.enum(['escalate', 'block', 'off']).optional(),
  fabricationGuard: z.boolean().optional(),
  unparseable: z.enum(['escalate', 'reprompt']).optional(),
  highConfidence: z.boolean().optional(),
  attempts: z.number().int().min(1).optional(),
  rewardThreshold: z.number().min(0).max(1).optional(),
  rewardSource: z.enum(['verifier', 'none', 'judge']).optional(),
  history: z.enum(['cross_trajectory', 'cross_task']).optional(),
  memoryWindow: count.optional(),
  protocol: z.enum(['text', 'tools']).optional(),
  seed: count.optional(),
});

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

/** Pure: validates config overrides given as JSON (unknown keys are dropped). */
export function parseConfigOverrides(input: unknown): ConfigOverrides {
  const result = configOverridesSchema.safeParse(input, { error: scenarioErrorMap });
  if (result.success) return result.data as ConfigOverrides;
  const first = firstIssue(result.error.issues, input);
  throw new ConfigError(first?.path ?? '$', first?.message ?? 'not a config');
}
