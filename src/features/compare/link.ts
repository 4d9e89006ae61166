/**
 * Pure: the compare view's link (docs/links.md): its scenario, and its preset, or its lanes as
 * tokens once they are not a preset. The default preset is named by naming none.
 */
import { viewHash } from '../../components/view-route';
import { DEFAULT_PRESET, lanesForUrl, type CompareState } from '../../state/compare-store';
import { laneToken } from '../../state/lane-tokens';

/** Pure: the hash that names what a compare store shows. */
export function compareHash(state: Pick<CompareState, 'scenarioId' | 'lanes' | 'preset'>): string {
  const lanes = (lanesForUrl(state) ?? []).map((lane) => laneToken(lane.overrides));
  const preset = state.preset === DEFAULT_PRESET ? null : state.preset;
  return viewHash('compare', state.scenarioId, lanes, { preset });
}
