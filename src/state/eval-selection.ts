/**
 * What an eval matrix runs: the selection (scenarios, configs, seeds, model, concurrency), how it
 * is ordered and clamped, how it is read back from storage, and how many runs it makes. Pure; the
 * eval store holds one and persists it.
 */
import type { Scenario } from '../engine';
import type { EvalConfig } from '../projections/eval-matrix';

/** The model id of "Built-in models": each scenario on its own simulated or scripted model. */
export const BUILTIN_MODELS = 'builtin';

/** Seeds per cell at most: all 15 built-ins × 7 presets × 100 seeds is 10,500 runs, seconds in a worker. */
export const MAX_EVAL_SEEDS = 100;

/** Where the selection persists (the page's localStorage in the app). */
export const EVAL_SELECTION_KEY = 'loopscope.eval-selection.v1';

export interface EvalSelection {
  /** In suite order. */
  readonly scenarioIds: readonly string[];
  /** In preset order. */
  readonly configLabels: readonly string[];
  readonly seeds: number;
  /** `BUILTIN_MODELS`, or the id of a user endpoint (see the endpoints store). */
  readonly modelId: string;
  /** Runs in flight at once on an endpoint, 1..MAX_EVAL_CONCURRENCY (built-ins run one at a time). */
  readonly concurrency: number;
}

/** A scenario as the selection needs it: its id, its tags, and whether its model is scripted. */
export type PickableScenario = Pick<Scenario, 'id' | 'tags' | 'model'>;

/** Pure: the stored selection's fields that have the right types (the store then orders and clamps them). */
export function readStoredSelection(raw: string | null): Partial<EvalSelection> {
  if (raw === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const stored = value as Record<string, unknown>;
  const strings = (field: unknown) =>
    Array.isArray(field) && field.every((item) => typeof item === 'string')
      ? (field as string[])
      : undefined;
  const number = (field: unknown) => (typeof field === 'number' ? field : undefined);
  const picked: Partial<Record<keyof EvalSelection, unknown>> = {
    scenarioIds: strings(stored['scenarioIds']),
    configLabels: strings(stored['configLabels']),
    seeds: number(stored['seeds']),
    modelId: typeof stored['modelId'] === 'string' ? stored['modelId'] : undefined,
    concurrency: number(stored['concurrency']),
  };
  return Object.fromEntries(
    Object.entries(picked).filter(([, field]) => field !== undefined),
  ) as Partial<EvalSelection>;
}

/**
 * Pure: the selected scenarios that run (ids that name no scenario do not; on an endpoint,
 * scripted ones do not either: they are exact replays of recorded replies).
 */
export function runnableScenarioIds(
  selection: Pick<EvalSelection, 'scenarioIds'>,
  scenarios: readonly Pick<Scenario, 'id' | 'model'>[],
  onEndpoint: boolean,
): string[] {
  const ids = new Set(selection.scenarioIds);
  return scenarios
    .filter((s) => ids.has(s.id) && !(onEndpoint && s.model.kind === 'scripted'))
    .map((s) => s.id);
}

/** Pure: how many runs a selection makes, on the built-in models or (`onEndpoint`) an endpoint. */
export function selectionRuns(
  selection: EvalSelection,
  scenarios: readonly Pick<Scenario, 'id' | 'model'>[],
  onEndpoint = false,
): number {
  const count = runnableScenarioIds(selection, scenarios, onEndpoint).length;
  return count * selection.configLabels.length * selection.seeds;
}

/** Pure: a count as a whole number in 1..max; not a number: `fallback`. */
export function clampCount(value: number, max: number, fallback: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(1, Math.floor(value))) : fallback;
}

/** How a selection's lists are ordered: known ids and labels only, in the order they are offered. */
export interface SelectionOrder {
  /** Scenario ids that name a scenario, in suite order. */
  readonly inSuiteOrder: (ids: Iterable<string>) => string[];
  /** Labels that name a config, presets first, then saved settings in the order they were saved. */
  readonly inConfigOrder: (labels: Iterable<string>) => string[];
}

/** Pure: the ordering over these scenarios and the configs `knownConfigs` offers when called. */
export function selectionOrder(
  scenarios: readonly PickableScenario[],
  knownConfigs: () => readonly EvalConfig[],
): SelectionOrder {
  const inOrder = (offered: readonly string[], wanted: Iterable<string>) => {
    const picked = new Set(wanted);
    return offered.filter((item) => picked.has(item));
  };
  return {
    inSuiteOrder: (ids) =>
      inOrder(
        scenarios.map((scenario) => scenario.id),
        ids,
      ),
    inConfigOrder: (labels) =>
      inOrder(
        knownConfigs().map((config) => config.label),
        labels,
      ),
  };
}
