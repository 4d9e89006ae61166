/**
 * A user's scenario as the library keeps it: its JSON text, read back into a scenario. Apart from
 * the file opener (`open-file.ts`) so that the page can read its kept scenarios at start without
 * loading every trace format's importer.
 */
import { parseScenarioText, type Scenario } from '../engine';
import type { KeptScenario } from './library-types';

/** Pure: the scenario a kept one holds (its text was checked when it was kept). */
export const scenarioOfKept = (kept: KeptScenario): Scenario => parseScenarioText(kept.source);

/** Pure: the scenarios kept ones hold; one whose text no longer reads is left out. */
export function readableScenarios(kept: readonly KeptScenario[]): Scenario[] {
  return kept.flatMap((one) => {
    try {
      return [scenarioOfKept(one)];
    } catch {
      return [];
    }
  });
}

/** Pure: a scenario as the library keeps it (its JSON text: the editor shows it again). */
export const keptOf = (scenario: Scenario, savedAt: number, source?: string): KeptScenario => ({
  id: scenario.id,
  source: source ?? JSON.stringify(scenario, null, 2),
  savedAt,
});
