/**
 * Keeping runs as they happen: `keepRuns` attaches a run store to the library, `keepCompareRuns`
 * every lane of a compare store. A live run is saved as `running` when it starts, again as each
 * step ends (its trace so far), and once more when it ends; writes are coalesced (one in flight,
 * the next takes the newest state), so a run cut by a reload is kept up to its last step. A run
 * the store opened from a record is saved only when the library lacks it (a file opened), and
 * `later` (the page: after the next paint) so a 100,000-step file shows before it is written.
 * `keepPresentation` keeps a presenter's two lanes once both recorded (it records them whole).
 */
import type { CompareStore } from './compare-types';
import type { LibraryStore } from './library-store';
import type { PresenterStore } from './presenter-types';
import { recordOf, recordOfTrace, type RunRecord } from './run-record';
import type { RunState, RunStore } from './run-store-types';
import { traceSoFar } from './trace-so-far';

/** Pure: what the library keeps of the shown run now (a live one with its trace so far). */
export function recordToKeep(state: RunState): RunRecord | null {
  const record = recordOf(state);
  if (!record || record.status !== 'running') return record;
  return { ...record, trace: traceSoFar(state) };
}

/** One live run's writes: at most one in flight; `dirty` asks for one more with the newest. */
interface RunWriter {
  latest: RunState;
  inFlight: boolean;
  dirty: boolean;
}

/** Runs a task soon: at once (tests, Node), or once the page has drawn the state it follows. */
export type Later = (task: () => void) => void;

const AT_ONCE: Later = (task) => task();

/**
 * Saves the runs `runStore` shows into `library` (see the module's note); returns the
 * unsubscribe. Runs already shown when it attaches count as new (a lane that started first).
 * An opened run is saved `later`; a live run's writes are not deferred.
 */
export function keepRuns(
  runStore: RunStore,
  library: LibraryStore,
  later: Later = AT_ONCE,
): () => void {
  let writer: RunWriter | null = null;
  let runNumber: number | null = null;
  const { actions } = library.getState();

  const flush = (target: RunWriter): void => {
    if (target.inFlight) {
      target.dirty = true;
      return;
    }
    const record = recordToKeep(target.latest);
    if (!record) return;
    target.inFlight = true;
    target.dirty = false;
    actions
      .save(record)
      // The library shows its own notice and goes on in memory; a write that still fails is lost.
      .catch(() => undefined)
      .finally(() => {
        target.inFlight = false;
        if (target.dirty) flush(target);
      });
  };

  const follow = (state: RunState): void => {
    if (state.runNumber !== runNumber) {
      runNumber = state.runNumber;
      writer = null;
      if (!state.shown || state.status === 'idle') return;
      if (state.status === 'running') {
        writer = { latest: state, inFlight: false, dirty: false };
        flush(writer);
        return;
      }
      const record = recordOf(state);
      // The library shows its own notice when the write fails, and keeps the run in memory.
      if (record) later(() => void actions.saveNew(record).catch(() => undefined));
      return;
    }
    if (!writer) return;
    const before = writer.latest;
    writer.latest = state;
    if (state.steps !== before.steps || state.status !== before.status) flush(writer);
  };

  follow(runStore.getState());
  return runStore.subscribe(follow);
}

/** Keeps every lane's runs (see `keepRuns`), attaching as lanes come and going as they go. */
export function keepCompareRuns(
  compareStore: CompareStore,
  library: LibraryStore,
  later: Later = AT_ONCE,
): () => void {
  const attached = new Map<string, () => void>();
  const follow = (): void => {
    const ids = new Set(compareStore.getState().lanes.map((lane) => lane.id));
    for (const [id, detach] of attached) {
      if (ids.has(id)) continue;
      detach();
      attached.delete(id);
    }
    for (const id of ids) {
      const store = attached.has(id) ? undefined : compareStore.laneStore(id);
      if (store) attached.set(id, keepRuns(store, library, later));
    }
  };
  follow();
  const unsubscribe = compareStore.subscribe(follow);
  return () => {
    unsubscribe();
    for (const detach of attached.values()) detach();
    attached.clear();
  };
}

let presentationCount = 0;

/**
 * Keeps a presentation's two runs once both lanes recorded (as live runs of its scenario with
 * each lane's settings, dated by `now`); returns the unsubscribe.
 */
export function keepPresentation(
  presenter: PresenterStore,
  library: LibraryStore,
  clock: { readonly now: () => number; readonly newId?: (lane: number) => string },
): () => void {
  const number = ++presentationCount;
  const newId =
    clock.newId ?? ((lane: number) => `presentation-${number}-${clock.now().toString(36)}-${lane}`);
  const { actions } = library.getState();
  let kept: readonly unknown[] = [];
  const follow = (): void => {
    const { traces, lanes, scenario } = presenter.getState();
    if (traces === kept || traces.length === 0) return;
    kept = traces;
    const startedAt = clock.now();
    traces.forEach((trace, lane) => {
      const record = recordOfTrace(trace, {
        id: newId(lane),
        scenario,
        overrides: lanes[lane]?.overrides ?? {},
        origin: { kind: 'live' },
        startedAt,
      });
      void actions.saveNew(record).catch(() => undefined);
    });
  };
  follow();
  return presenter.subscribe(follow);
}
