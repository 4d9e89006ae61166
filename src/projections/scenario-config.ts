/**
 * A scenario's settings as a run resolves them: what the settings pane, the compare lanes and the
 * inspector's mode picker show before (and while) a run goes. Pure: no React.
 */
import {
  scenarioConfig as resolveScenarioConfig,
  type ConfigOverrides,
  type LoopConfig,
  type Scenario,
} from '../engine';

/** Pure: every setting a run of `scenario` under `overrides` uses, resolved as the engine does. */
export function scenarioConfig(scenario: Scenario, overrides: ConfigOverrides = {}): LoopConfig {
  return resolveScenarioConfig(scenario, overrides);
}
