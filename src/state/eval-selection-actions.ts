/**
 * The eval store's pickers: scenarios one by one or by tag, configs, seeds. Each keeps the
 * selection ordered (suite order, presets then saved settings) and clamped; the store says how
 * the selection is read and written (it persists each change).
 */
import {
  clampCount,
  MAX_EVAL_SEEDS,
  type EvalSelection,
  type PickableScenario,
  type SelectionOrder,
} from './eval-selection';

export interface EvalSelectionActions {
  toggleScenario(id: string): void;
  setScenarios(ids: readonly string[]): void;
  /** Adds (or removes) every scenario with this tag. */
  selectTag(tag: string, selected: boolean): void;
  toggleConfig(label: string): void;
  setConfigs(labels: readonly string[]): void;
  /** Clamped to 1..MAX_EVAL_SEEDS; not a number: 1. */
  setSeeds(seeds: number): void;
}

export interface SelectionAccess {
  readonly scenarios: readonly PickableScenario[];
  readonly order: SelectionOrder;
  /** The selection now. */
  readonly read: () => EvalSelection;
  /** Changes these fields of the selection. */
  readonly select: (patch: Partial<EvalSelection>) => void;
}

/** `list` with `item` added, or without it when it has it. */
const toggled = (list: readonly string[], item: string) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

/** Makes the pickers over one store's selection. */
export function createSelectionActions(access: SelectionAccess): EvalSelectionActions {
  const { scenarios, order, read, select } = access;
  return {
    toggleScenario: (id) =>
      select({ scenarioIds: order.inSuiteOrder(toggled(read().scenarioIds, id)) }),
    setScenarios: (ids) => select({ scenarioIds: order.inSuiteOrder(ids) }),
    selectTag: (tag, selected) => {
      const tagged = scenarios.filter((s) => s.tags.includes(tag)).map((s) => s.id);
      const ids = read().scenarioIds;
      select({
        scenarioIds: order.inSuiteOrder(
          selected ? [...ids, ...tagged] : ids.filter((id) => !tagged.includes(id)),
        ),
      });
    },
    toggleConfig: (label) =>
      select({ configLabels: order.inConfigOrder(toggled(read().configLabels, label)) }),
    setConfigs: (labels) => select({ configLabels: order.inConfigOrder(labels) }),
    setSeeds: (seeds) => select({ seeds: clampCount(seeds, MAX_EVAL_SEEDS, 1) }),
  };
}
