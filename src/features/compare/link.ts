/**
 * Pure: the compare view's link (docs/links.md): its scenario, and its preset, or its lanes as
 * tokens once they are not a preset. The default preset is named by naming none.
 */
import { viewHash } from '../../components/view-route';
import { DEFAULT_PRESET, lanesForUrl, type CompareState } from '../../state/compare-store';
import { laneToken } from '../../state/lane-tokens';

/**
 * Pure: the hash that names what a compare store shows. Once every lane has finished a run, the
 * runs are named too (`run=<id>` per lane, kept in the library: a reload shows them again); a
 * copied link leaves out runs made here live (the other page reproduces them from the lanes).
 */
export function compareHash(
  state: Pick<CompareState, 'scenarioId' | 'lanes' | 'preset' | 'runs'>,
  { copied = false }: { readonly copied?: boolean } = {},
): string {
  const lanes = (lanesForUrl(state) ?? []).map((lane) => laneToken(lane.overrides));
  const preset = state.preset === DEFAULT_PRESET ? null : state.preset;
  const shown = state.lanes.map((lane) => state.runs[lane.id]);
  const named =
    shown.every((run) => run?.status === 'done' && run.shownId !== null) &&
    !(copied && shown.every((run) => run?.live))
      ? shown.map((run) => run!.shownId!)
      : [];
  return viewHash('compare', state.scenarioId, lanes, { preset, runs: named });
}
