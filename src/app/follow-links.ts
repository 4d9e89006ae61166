/**
 * A link applied to the view stores that exist (docs/links.md): the route names what a view
 * shows, and following it moves the store there with its actions, never by making a new store.
 * A route that only switches views (`isViewSwitch`) carries the scenario across and keeps the
 * rest of what the view shows; any other route is applied whole (no settings: the defaults; no
 * step: the newest; no lanes or preset: the default preset).
 */
import { attemptRange } from '../projections/attempts';
import type { ViewRoute } from '../components/view-route';
import {
  DEFAULT_PRESET,
  presetById,
  type CompareStore,
  type PresetId,
} from '../state/compare-store';
import { laneToken, parseLaneToken, readLaneTokens, readSettingsToken } from '../state/lane-tokens';
import type { RunStore } from '../state/run-store';

export interface FollowOptions {
  /** The route only switches views: keep what the view shows past its scenario. */
  readonly switching: boolean;
  /** On the built-in model a link runs at once; on a real endpoint calls cost, so it waits. */
  readonly builtin: boolean;
}

/**
 * Pure: the link's lanes are already what the compare view shows first (the presenter's pair
 * coming back from Exit, or the view's own URL): nothing to open.
 */
export function shownAlready(route: ViewRoute, store: CompareStore): boolean {
  // Tokens are compared as they read back: a lane's settings and its token's reading may differ
  // in what they leave to defaults.
  const normal = (token: string) => {
    const lane = parseLaneToken(token);
    return lane ? laneToken(lane.overrides) : null;
  };
  const shown = store.getState().lanes.map((lane) => normal(laneToken(lane.overrides)));
  return route.lanes.every((token, index) => {
    const read = normal(token);
    return read !== null && read === shown[index];
  });
}

/** Pure: what a link to the inspector could not say, in one sentence each (none: null). */
export function inspectorLinkProblem(route: ViewRoute): string | null {
  const problems = [readSettingsToken(route.settings).problem, ...route.problems];
  const said = problems.filter((problem): problem is string => problem !== null);
  return said.length > 0 ? said.join(' ') : null;
}

/** Pure: what a link to compare could not say (bad lanes, an unknown preset), or null. */
export function compareLinkProblem(route: ViewRoute): string | null {
  const lanes = readLaneTokens(route.lanes).problem;
  const preset =
    route.lanes.length === 0 && route.preset !== null && !presetById(route.preset)
      ? `The link names a preset ("${route.preset}") that is not one.`
      : null;
  const problem = lanes ?? preset;
  return problem
    ? `${problem} Showing the ReAct vs ReflAct preset instead: pick the lanes' settings below.`
    : null;
}

/** The inspector shows the link's scenario, settings, step and attempt (run at once on the built-in model). */
export function followInspector(
  store: RunStore,
  route: ViewRoute,
  scenarioId: string | null,
  { switching, builtin }: FollowOptions,
): void {
  const { actions } = store.getState();
  if (scenarioId) actions.selectScenario(scenarioId);
  if (switching) return;
  const { overrides } = readSettingsToken(route.settings);
  // A bad token keeps the settings (the view says so); a link's other settings clear the old run.
  if (overrides && laneToken(overrides) !== laneToken(store.getState().overrides)) {
    actions.reset();
    actions.setOverrides(overrides);
  }
  const state = store.getState();
  if (route.step === null && route.attempt === null) {
    if (state.cursor !== null || state.awaitedStep !== null || state.awaitedAttempt !== null)
      actions.selectStep(null);
    else if (state.attempt !== null) actions.selectAttempt(null);
    return;
  }
  const stepShown =
    route.step === null || state.cursor === route.step || state.awaitedStep === route.step;
  const attemptShown = state.attempt === route.attempt || state.awaitedAttempt === route.attempt;
  if (stepShown && attemptShown) return;
  const shownAsLinked =
    state.status !== 'idle' &&
    state.shown !== null &&
    laneToken(state.shown.overrides) === laneToken(state.overrides);
  // The attempt first: a step of another attempt then moves the choice to its own.
  if (route.attempt === null) actions.selectAttempt(null);
  else if (shownAsLinked && attemptRange(state.steps, route.attempt))
    actions.selectAttempt(route.attempt);
  else actions.awaitAttempt(route.attempt);
  if (route.step !== null) {
    if (shownAsLinked && store.getState().steps.length > route.step) actions.selectStep(route.step);
    else actions.awaitStep(route.step);
  }
  const waiting = store.getState().awaitedStep !== null || store.getState().awaitedAttempt !== null;
  if (builtin && !shownAsLinked && waiting) void actions.run();
}

/** Compare shows the link's scenario, and its lanes (run at once on the built-in model) or preset. */
export function followCompare(
  store: CompareStore,
  route: ViewRoute,
  scenarioId: string | null,
  { switching, builtin }: FollowOptions,
): void {
  const { actions } = store.getState();
  if (scenarioId) actions.setScenario(scenarioId);
  if (switching) return;
  const lanes = readLaneTokens(route.lanes).lanes;
  if (lanes) {
    if (!shownAlready(route, store)) actions.openLanes(lanes, { run: builtin });
    return;
  }
  const named = route.lanes.length === 0 ? presetById(route.preset) : null;
  const preset: PresetId = named?.id ?? DEFAULT_PRESET;
  if (store.getState().preset !== preset) actions.applyPreset(preset);
}
