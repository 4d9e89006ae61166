/**
 * A scenario's config, apart from running it (`run-scenario.ts`): the page shows and checks
 * settings from its first paint, and a module of its own keeps the loop and the models out of
 * the page's first chunk.
 */
import { resolveConfig, type ConfigOverrides, type LoopConfig } from './config';
import type { Scenario } from './scenario/types';

/** Pure: the scenario's config with the user's overrides (mode falls back to `defaultMode`). */
export function scenarioConfig(scenario: Scenario, overrides: ConfigOverrides = {}): LoopConfig {
  return resolveConfig(overrides, scenario.defaultMode);
}
