/** Pure: the scenario picker's groups (by first tag) and its tag shortcuts (every tag). */
import type { Scenario } from '../../engine';

type Picked = Pick<Scenario, 'id' | 'title' | 'tags'>;

export interface ScenarioGroup<T extends Picked = Picked> {
  /** The first tag of its scenarios ("untagged" for none). */
  readonly tag: string;
  readonly scenarios: readonly T[];
}

/** Scenarios grouped by their first tag, groups in the order their first scenario comes. */
export function groupByFirstTag<T extends Picked>(scenarios: readonly T[]): ScenarioGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const scenario of scenarios) {
    const tag = scenario.tags[0] ?? 'untagged';
    const list = groups.get(tag);
    if (list) list.push(scenario);
    else groups.set(tag, [scenario]);
  }
  return [...groups].map(([tag, members]) => ({ tag, scenarios: members }));
}

export interface TagShortcut {
  readonly tag: string;
  /** Every scenario with the tag, wherever it is listed. */
  readonly ids: readonly string[];
}

/** Every tag with its scenarios, most scenarios first (ties: the order tags first appear). */
export function tagShortcuts(scenarios: readonly Picked[]): TagShortcut[] {
  const tags = new Map<string, string[]>();
  for (const scenario of scenarios) {
    for (const tag of scenario.tags) {
      const ids = tags.get(tag);
      if (ids) ids.push(scenario.id);
      else tags.set(tag, [scenario.id]);
    }
  }
  return [...tags].map(([tag, ids]) => ({ tag, ids })).sort((a, b) => b.ids.length - a.ids.length);
}
