/**
 * Pure: what the presenter plays for a route (`#/present?demo=…`, or two lanes by their tokens,
 * or nothing: the picker), and the hashes its choices, "Exit" and "Open in compare" go to.
 */
import { viewHash, type ViewRoute } from '../../components/view-route';
import type { Scenario } from '../../engine';
import type { LaneSpec } from '../../state/compare-store';
import { DEMOS, type DemoId } from '../../state/demos';
import { laneToken, readLaneTokens } from '../../state/lane-tokens';
import type { PresenterSource } from '../../state/presenter-store';

/** A choice of the picker: a demo, or the two lanes the presenter was opened with. */
export type PresenterChoiceId = DemoId | 'these-lanes';

export interface PresenterChoice {
  /** What plays; null: the picker shows. */
  readonly source: PresenterSource | null;
  /** Names the source: a new key is a new presentation (a fresh store). */
  readonly key: string;
  readonly selected: PresenterChoiceId | null;
  /** Why the lanes the link names cannot be played (the picker says so), or null. */
  readonly problem?: string | null;
  /** The two lanes the hash names on a known scenario, offered as "These lanes". */
  readonly theseLanes: {
    readonly scenarioId: string;
    readonly lanes: readonly [LaneSpec, LaneSpec];
  } | null;
}

/** Pure: what the route asks the presenter to play. */
export function presenterChoice(route: ViewRoute, scenarios: readonly Scenario[]): PresenterChoice {
  const read = readLaneTokens(route.lanes.slice(0, 2));
  const parsed = read.lanes;
  const known = scenarios.some((scenario) => scenario.id === route.scenario);
  const theseLanes =
    parsed && known && route.scenario
      ? { scenarioId: route.scenario, lanes: [parsed[0]!, parsed[1]!] as const }
      : null;
  const demo = DEMOS.find((candidate) => candidate.id === route.demo);
  if (demo) return { source: { demo }, key: demo.id, selected: demo.id, theseLanes };
  if (theseLanes) {
    return {
      source: theseLanes,
      key: `${theseLanes.scenarioId} ${route.lanes.slice(0, 2).join(' ')}`,
      selected: 'these-lanes',
      theseLanes,
    };
  }
  const problem =
    read.problem ??
    (parsed && !known
      ? `The link's scenario "${route.scenario ?? ''}" is not one this page knows (a built-in, or one of yours kept in the library).`
      : null);
  return { source: null, key: 'picker', selected: null, theseLanes: null, problem };
}

/** Pure: the hash of a picker choice; the rest of the route (lanes, where Exit goes) stays. */
export function choiceHash(route: ViewRoute, choice: PresenterChoiceId | null): string {
  const demo = choice === null || choice === 'these-lanes' ? null : choice;
  return viewHash('present', route.scenario, route.lanes, { demo, from: route.from });
}

/** Pure: where "Exit" goes: the view the presenter was opened from, else the inspector. */
export function exitHash(route: ViewRoute): string {
  switch (route.from) {
    case 'compare':
      return viewHash('compare', route.scenario, route.lanes);
    case 'eval':
      return viewHash('eval');
    default:
      return viewHash('inspect', route.scenario);
  }
}

/** Pure: the compare view on these lanes (by their tokens). */
export function compareHash(scenarioId: string, lanes: readonly LaneSpec[]): string {
  return viewHash(
    'compare',
    scenarioId,
    lanes.map((lane) => laneToken(lane.overrides)),
  );
}
