/**
 * Kept runs as compare lanes: the pieces `view-stores.ts` uses to open ticked library runs side
 * by side, and to show a compare link's kept runs again (`run=<id>` per lane: a reload finds the
 * lanes as they were, not run again). A link whose runs this library lacks falls back to its
 * lanes' settings, and the view says so.
 */
import type { ViewRoute } from '../components/view-route';
import { MAX_LANES, MIN_LANES } from '../state/compare-presets';
import type { CompareStore } from '../state/compare-store';
import type { LibraryStore } from '../state/library-store';
import type { RunRecord } from '../state/run-record';

/** A kept run's lane: its settings in words and when it ran. */
export const laneLabel = (record: RunRecord): string => {
  const { mode, reflection } = record.settings;
  const when = new Date(record.startedAt).toLocaleTimeString('en-US', { hour12: false });
  return `${mode === 'act' ? 'act' : `${mode} · ${reflection.gating}`} (${when})`;
};

/** Why these kept runs cannot be compared, or null. */
export function compareProblem(
  records: readonly RunRecord[],
  known: (id: string | null) => string | null,
): string | null {
  if (records.length < MIN_LANES) return 'Compare needs two or more kept runs; tick at least two.';
  if (records.length > MAX_LANES) {
    return `Compare shows up to ${MAX_LANES} runs side by side; tick ${MAX_LANES} or fewer.`;
  }
  const ids = [...new Set(records.map((record) => record.scenario.id))];
  if (ids.length > 1) {
    return `Compare shows runs of one scenario side by side; the ticked runs are of ${ids.join(', ')}. Tick runs of one scenario.`;
  }
  return known(ids[0]!)
    ? null
    : `Compare opens runs of the scenarios it lists; "${ids[0]}" is not one of them yet.`;
}

/** A compare link's kept runs, read from the library and shown in its lanes. */
export function createKeptLanes(
  library: LibraryStore,
  known: (id: string | null) => string | null,
  onResolved?: () => void,
) {
  const reading = new Set<string>();
  const missing = new Set<string>();
  const key = (route: ViewRoute) => route.runs.join(' ');
  const named = (route: ViewRoute) => route.view === 'compare' && route.runs.length >= MIN_LANES;
  return {
    /** The route's kept runs are being read (the URL keeps naming them meanwhile). */
    reading: (route: ViewRoute) => named(route) && reading.has(key(route)),
    /** The route names kept runs this library does not hold. */
    missing: (route: ViewRoute) => named(route) && missing.has(key(route)),
    /**
     * Shows the route's kept runs in the store's lanes; true when they are shown or being read,
     * false when the route names none (or this library lacks them: follow its lanes instead).
     * `fallback` follows the lanes once reading finds them missing.
     */
    follow(store: CompareStore, route: ViewRoute, fallback: () => void): boolean {
      if (!named(route)) return false;
      const wanted = key(route);
      const state = store.getState();
      if (state.lanes.map((lane) => state.runs[lane.id]?.shownId ?? '').join(' ') === wanted) {
        return true;
      }
      if (missing.has(wanted)) return false;
      if (reading.has(wanted)) return true;
      reading.add(wanted);
      void Promise.all(route.runs.map((id) => library.getState().actions.get(id))).then((read) => {
        reading.delete(wanted);
        const records = read.filter((record): record is RunRecord => record !== null);
        if (records.length !== route.runs.length || compareProblem(records, known)) {
          missing.add(wanted);
          fallback();
        } else {
          const labels = store.getState().lanes.map((lane) => lane.label);
          store.getState().actions.setScenario(records[0]!.scenario.id);
          store.getState().actions.openLanes(
            records.map((record, index) => ({
              label: labels.length === records.length ? labels[index]! : laneLabel(record),
              overrides: record.overrides,
              record,
            })),
          );
        }
        onResolved?.();
      });
      return true;
    },
  };
}
